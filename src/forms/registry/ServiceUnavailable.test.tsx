import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NormalizedField } from '../../../schemas/forms';
import { i18n } from '../../i18n/i18n';
import { SUPPORTED_LANGUAGES } from '../../i18n/languages';
import { compiled } from '../runtime/runtimeTestKit';
import type { Translate } from './fieldPlugin';
import type { MissingService } from './formServices';
import { ServiceUnavailable } from './ServiceUnavailable';

const SERVICES: readonly MissingService[] = ['people', 'groups', 'files', 'webhooks'];

/** A field of a compiled form, standing for one whose plugin needs a service. */
const field = compiled({
  id: 'media',
  key: 'media',
  name: 'Media',
  fields: [{ fieldType: 'FormField', id: 'idCardPhoto', name: 'ID card', type: 'text' }],
}).sections[0]?.fields[0] as NormalizedField;

function translator(language: string): Translate {
  const fixed = i18n.getFixedT(language);
  return (key, params) => String(fixed(key, params ?? {}));
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('ServiceUnavailable', () => {
  it('has a text of its own for every missing service in every language', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const t = translator(language);
      const texts = SERVICES.map((service) => t(`fields.unavailable.${service}`));
      for (const [index, text] of texts.entries()) {
        expect(text, `${language} ${SERVICES[index]}`).not.toMatch(/^fields\./);
      }
      expect(new Set(texts).size, language).toBe(SERVICES.length);
    }
  });

  it('given a field without its file service, then a visible note says so in the form language', () => {
    render(<ServiceUnavailable service="files" field={field} t={translator('fr')} id="note-1" />);
    const note = screen.getByRole('note');
    expect(note.id).toBe('note-1');
    expect(note.textContent).toContain('aucun service de fichiers');
    expect(note.getAttribute('data-service-unavailable')).toBe('files');
  });

  it('given fields without the webhook service, then the console names the first field and type once, never a value', () => {
    const t = translator('en');
    render(
      <>
        <ServiceUnavailable service="webhooks" field={field} t={t} />
        <ServiceUnavailable service="webhooks" field={field} t={t} />
      </>,
    );
    expect(screen.getAllByRole('note')).toHaveLength(2);
    expect(screen.getAllByText(/no webhook service is available/)).toHaveLength(2);
    const webhookWarnings = warn.mock.calls.filter((call: unknown[]) =>
      String(call[0]).includes('"webhooks"'),
    );
    expect(webhookWarnings).toEqual([
      [
        'Tessera form: field "idCardPhoto" (text) needs the "webhooks" service, which this page does not offer; it shows that it is not available.',
      ],
    ]);
  });
});
