import { describe, expect, it } from 'vitest';
import {
  caseDisplayNames,
  formatDisplayValue,
  pickDisplayName,
  renderDisplayNames,
  tidyName,
} from './displayNames';
import { dictionarySet } from '../../src/core/forms/fields/dictionaries';
import type { NormalizedForm } from '../../schemas/forms';
import { parseTemplate } from './expressions/parseTemplate';
import { valueDisplayOf } from './valueDisplay';

/** A loan form as the compiler gives it: a product from a dictionary, an amount in euros, a ratio. */
function loanForm(): NormalizedForm {
  const field = (id: string, config: Record<string, unknown>) => ({ id, config }) as never;
  return {
    sections: [
      {
        fields: [
          field('loanProduct', { dictionary: 'loanProducts' }),
          field('loanAmount', { numberKind: 'amount', currency: 'EUR', decimals: 2 }),
          field('debtToIncome', { expression: 'a / b', format: 'percent' }),
        ],
      },
    ],
  } as never;
}

const render = (text: string, variables: Record<string, unknown>) =>
  renderDisplayNames(parseTemplate(text), variables as never);

describe('formatDisplayValue', () => {
  it('given an amount, when written per language, then every language groups thousands with a space', () => {
    expect(formatDisplayValue(61500, 'en')).toBe('61 500');
    expect(formatDisplayValue(61500, 'fr')).toBe('61 500');
    expect(formatDisplayValue(61500, 'es')).toBe('61 500');
    expect(formatDisplayValue(1234.5, 'fr')).toBe('1 234,5');
    expect(formatDisplayValue(1234.5, 'en')).toBe('1 234.5');
  });

  it('given ISO dates and date-times, when written, then they show as YYYY-MM-DD', () => {
    expect(formatDisplayValue('2026-03-02', 'fr')).toBe('2026-03-02');
    expect(formatDisplayValue('2026-03-02T09:30:00.000Z', 'en')).toBe('2026-03-02');
  });

  it('given text, lists and flags, when written, then text stays and lists are joined', () => {
    expect(formatDisplayValue('mortgage', 'es')).toBe('mortgage');
    expect(formatDisplayValue(['a', 1000], 'en')).toBe('a, 1 000');
    expect(formatDisplayValue(true, 'en')).toBe('true');
  });
});

describe('tidyName', () => {
  it('given separators left by empty values, when tidied, then none dangles', () => {
    expect(tidyName('Compliance review: ')).toBe('Compliance review');
    expect(tidyName('Ana Pereira ·  · 61,500')).toBe('Ana Pereira · 61,500');
    expect(tidyName(' ·  · mortgage · ')).toBe('mortgage');
    expect(tidyName('Review   the  case - ')).toBe('Review the case');
  });

  it('given a hyphen inside a word or a name, when tidied, then it stays', () => {
    expect(tidyName('Jean-Luc Picard: KYC-2')).toBe('Jean-Luc Picard: KYC-2');
  });
});

describe('renderDisplayNames', () => {
  it('given a task name with an amount, when rendered, then each language has its own grouping', () => {
    const names = render('Approve loan of ${loanAmount} for ${firstName} ${lastName}', {
      loanAmount: 61500,
      firstName: 'Ana',
      lastName: 'Pereira',
    });
    expect(names).toEqual({
      en: 'Approve loan of 61 500 for Ana Pereira',
      es: 'Approve loan of 61 500 for Ana Pereira',
      fr: 'Approve loan of 61 500 for Ana Pereira',
    });
  });

  it('given no value for the name after a colon, when rendered, then no colon dangles', () => {
    const names = render('Compliance review: ${customerName}', {});
    expect(names).toEqual({
      en: 'Compliance review',
      es: 'Compliance review',
      fr: 'Compliance review',
    });
  });

  it('given a name ending on a missing value after a linking word, when rendered, then the word goes too', () => {
    const names = render('Approve loan of ${loanAmount} for ${firstName} ${lastName}', {
      loanAmount: 80000,
    });
    expect(names.en).toBe('Approve loan of 80 000');
    expect(names.fr).toBe('Approve loan of 80 000');
    // A linking word that is the name's own, with nothing missing after it, stays.
    expect(render('Hand over to', {}).en).toBe('Hand over to');
  });

  it('given a blank string and a missing path, when rendered, then the gap closes', () => {
    expect(render('Intake: ${name} ${customer.name}', { name: '  ' }).en).toBe('Intake');
  });
});

describe('caseDisplayNames', () => {
  const template = parseTemplate('${firstName} ${lastName} · ${loanProduct} · ${loanAmount}');

  it('given every value, when rendered, then the case name reads the data per language', () => {
    const names = caseDisplayNames(template, {
      firstName: 'Ana',
      lastName: 'Pereira',
      loanProduct: 'personal',
      loanAmount: 61500,
    });
    expect(names?.en).toBe('Ana Pereira · personal · 61 500');
    expect(names?.fr).toBe('Ana Pereira · personal · 61 500');
  });

  it('given the forms say the product is a dictionary code and the amount is in euros, when rendered, then the case reads the label and the amount with its currency in each language', () => {
    const display = valueDisplayOf(
      [loanForm()],
      dictionarySet([
        {
          name: 'loanProducts',
          label: { en: 'Loan products', es: 'Productos', fr: 'Produits' },
          entries: [
            {
              code: 'mortgage',
              label: { en: 'Mortgage', es: 'Hipoteca', fr: 'Prêt immobilier' },
              order: 10,
              active: true,
            },
          ],
        },
      ]),
    );
    const names = caseDisplayNames(
      template,
      { firstName: 'Léa', lastName: 'Fontaine', loanProduct: 'mortgage', loanAmount: 61500 },
      {},
      display,
    );
    // Spaces inside the amount are the formatter's (a no-break one before a trailing sign).
    const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/gu, ' ');
    expect(plain(names?.fr)).toBe('Léa Fontaine · Prêt immobilier · 61 500,00 €');
    expect(plain(names?.es)).toBe('Léa Fontaine · Hipoteca · 61 500,00 €');
    expect(plain(names?.en)).toBe('Léa Fontaine · Mortgage · €61 500.00');
  });

  it('given a ratio the form shows as a percentage, when rendered, then the name shows the percentage', () => {
    const display = valueDisplayOf([loanForm()], dictionarySet([]));
    const names = renderDisplayNames(
      parseTemplate('DTI ${debtToIncome}'),
      { debtToIncome: 0.0548 },
      {},
      display,
    );
    expect(names.en.replace('\u00a0', ' ')).toBe('DTI 5.48 %');
    expect(names.fr.replace('\u00a0', ' ')).toBe('DTI 5,48 %');
  });

  it('given a form whose outcome is stored in a variable, when the variable is rendered, then it reads the outcome’s label in each language', () => {
    const approval = {
      sections: [],
      outcomes: [
        {
          key: 'approve',
          label: { en: 'Approve', es: 'Aprobar', fr: 'Approuver' },
          type: 'DEFAULT',
        },
        {
          key: 'decline',
          label: { en: 'Decline', es: 'Rechazar', fr: 'Refuser' },
          type: 'DEFAULT',
        },
      ],
      outcomeVariableName: 'form_approval_outcome',
    } as unknown as NormalizedForm;
    const display = valueDisplayOf([approval], dictionarySet([]));
    const names = renderDisplayNames(
      parseTemplate('${form_approval_outcome}'),
      { form_approval_outcome: 'approve' },
      {},
      display,
    );
    expect(names).toMatchObject({ en: 'Approve', es: 'Aprobar', fr: 'Approuver' });
  });

  it('given a value still missing or empty, when rendered, then there is no case name yet', () => {
    expect(
      caseDisplayNames(template, {
        firstName: 'Ana',
        lastName: '',
        loanProduct: 'x',
        loanAmount: 1,
      }),
    ).toBeNull();
    expect(caseDisplayNames(template, { firstName: 'Ana' })).toBeNull();
  });
});

describe('pickDisplayName', () => {
  it('given names per language, when picked, then the reader language wins, else the name', () => {
    const names = { en: 'A 1,000', fr: 'A 1 000' };
    expect(pickDisplayName(names, 'plain', 'fr')).toBe('A 1 000');
    expect(pickDisplayName(names, 'plain', 'es')).toBe('plain');
    expect(pickDisplayName(names, 'plain', undefined)).toBe('A 1,000');
    expect(pickDisplayName(null, 'plain', 'fr')).toBe('plain');
  });
});
