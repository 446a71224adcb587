import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NormalizedForm } from '../../schemas/forms';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled, designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();

const renderForm = (form: NormalizedForm) =>
  render(<TaskForm form={form} locale="en" registry={registry} onSubmit={vi.fn()} />);

const hrefs = (container: HTMLElement) =>
  [...container.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href') ?? '');

// What a link's definition became, changed after compiling: a form compiled by an older
// version, or a normalised form from anywhere else, must not reach the href either.
function withUrl(form: NormalizedForm, fieldId: string, url: string): NormalizedForm {
  return {
    ...form,
    sections: form.sections.map((section) => ({
      ...section,
      fields: section.fields.map((field) =>
        field.id === fieldId ? { ...field, config: { ...field.config, url } } : field,
      ),
    })),
  };
}

describe('HyperlinkWidget', () => {
  it('given a javascript: link in the definition, when rendered, then its text shows without an href', () => {
    const { container, getByText } = renderForm(
      designerForm([
        { id: 'bad', type: 'hyperlink', label: 'Open', config: { url: 'javascript:alert(1)' } },
      ]),
    );
    expect(getByText('Open').tagName).toBe('SPAN');
    expect(hrefs(container)).toEqual([]);
  });

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('given %j reaching the widget, when rendered, then no href is written', (url) => {
    const form = designerForm([
      { id: 'link', type: 'hyperlink', label: 'Open', config: { url: 'https://example.com' } },
    ]);
    const { container } = renderForm(withUrl(form, 'link', url));
    expect(hrefs(container)).toEqual([]);
  });

  it('given a URL built from a value at runtime, when the value is a javascript: URL, then the href stays on the app', () => {
    const form = designerForm([
      { id: 'target', type: 'input', label: 'Target', defaultValue: 'javascript:alert(1)' },
      { id: 'link', type: 'hyperlink', label: 'Open', config: { url: '${target}' } },
      { id: 'scheme', type: 'input', label: 'Scheme', defaultValue: 'javascript' },
    ]);
    // A scheme made of a value is refused at compile; here it reaches the widget anyway.
    const { container } = renderForm(
      withUrl(
        {
          ...form,
          sections: form.sections.map((section) => ({
            ...section,
            fields: [
              ...section.fields,
              {
                ...(section.fields[1] as NormalizedForm['sections'][number]['fields'][number]),
                id: 'built',
                label: 'Built',
              },
            ],
          })),
        },
        'built',
        '${scheme}:alert(1)',
      ),
    );
    const written = hrefs(container);
    expect(written).toHaveLength(1);
    expect(written[0]).toBe(`${window.location.origin}/javascript%3Aalert(1)`);
  });

  it('given an https link with a value in it, when rendered, then it opens in a new tab with the value encoded', () => {
    const { container } = renderForm(
      designerForm([
        { id: 'customer', type: 'input', label: 'Customer', defaultValue: 'a b/c' },
        {
          id: 'link',
          type: 'hyperlink',
          label: 'Customer page',
          config: { url: 'https://crm.example.com/customers/${customer}' },
        },
      ]),
    );
    const anchor = container.querySelector('a');
    expect(anchor?.getAttribute('href')).toBe('https://crm.example.com/customers/a%20b%2Fc');
    expect(anchor?.getAttribute('target')).toBe('_blank');
    expect(anchor?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('given an APS link written www.example.com, when rendered, then it opens that site over https, not a page of the app', () => {
    const form = compiled({
      key: 'aps-link',
      fields: [
        {
          id: 'site',
          name: 'Site',
          type: 'hyperlink',
          hyperlinkUrl: 'www.example.com',
          displayText: 'Rates',
        },
      ],
    });
    const { container } = renderForm(form);
    expect(hrefs(container)).toEqual(['https://www.example.com/']);
  });
});
