import { afterEach, describe, expect, it } from 'vitest';
import combined from '../../../fixtures/forms/CUT-loan-review.json';
import { i18n } from '../../i18n/i18n';
import type { PlainForm } from '../../../schemas/forms/plainForm';
import { localizePartTitle } from './localizePartTitle';
import { parsePlainForm } from '../../../plugins/compiler';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The demo review's inline decision form, compiled as a combined task compiles its parts. */
function inlineDecision() {
  const item = combined.forms[2] as unknown as PlainForm;
  return parsePlainForm(item, 'form-3').form;
}

describe('localizePartTitle', () => {
  it.each([
    ['es', 'Decisión del supervisor'],
    ['fr', 'Décision du superviseur'],
    ['en', 'Supervisor decision'],
  ])('names the demo review’s inline decision form in %s', async (language, expected) => {
    await i18n.changeLanguage(language);
    const form = inlineDecision();
    expect(localizePartTitle(i18n, form.id, form.name, language)).toBe(expected);
  });

  it('keeps a title the definition gives in the language', async () => {
    await i18n.changeLanguage('es');
    const title = { en: 'Customer file', es: 'Ficha del cliente' };
    expect(localizePartTitle(i18n, 'DSG-customer-onboarding', title, 'es')).toBe(
      'Ficha del cliente',
    );
  });

  it('shows the definition’s own text for a part the product does not translate', async () => {
    await i18n.changeLanguage('fr');
    expect(localizePartTitle(i18n, 'travel-notes', 'Travel notes', 'fr')).toBe('Travel notes');
    expect(localizePartTitle(i18n, 'travel-notes', null, 'fr')).toBe('');
  });
});
