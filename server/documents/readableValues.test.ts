import { describe, expect, it } from 'vitest';
import type { Language, ValueDisplay, ValueFormat } from '../engine/displayNames';
import { readableValues } from './readableValues';
import { toTemplateValues } from './templateValues';

/** No-break spaces (Intl's, before a currency or percent sign) as plain ones. */
const plain = (text: unknown) => String(text).replace(/[\u00a0\u202f]/gu, ' ');

const labels = (entries: Record<string, Record<Language, string>>): ValueFormat['labels'] =>
  new Map(Object.entries(entries));

/** The meanings a loan process's forms give its variables. */
const LOAN_DISPLAY: ValueDisplay = {
  formatOf: (variable) =>
    ({
      loanProduct: {
        labels: labels({
          personal: { en: 'Personal loan', es: 'Préstamo personal', fr: 'Prêt personnel' },
        }),
      },
      collateralTypes: {
        labels: labels({ vehicle: { en: 'Vehicle', es: 'Vehículo', fr: 'Véhicule' } }),
      },
      loanAmount: { currency: 'EUR' },
      debtToIncome: { percent: true },
    })[variable],
};

const LOAN = toTemplateValues({
  loanProduct: 'personal',
  loanAmount: 61500,
  debtToIncome: 0.0548,
  termMonths: 60,
  monthlyIncome: 4250.5,
  dateOfBirth: '1985-12-10',
  startedAt: '2026-03-05T14:30:00.000Z',
  endedAt: '',
  collateralTypes: ['vehicle'],
  hasExistingLoans: false,
  address: { street: 'Rue de Rivoli 12', city: 'Paris' },
  tasks: [{ taskName: 'Intake', loanAmount: 70000, completedAt: '2026-03-06T09:05:00.000Z' }],
});

describe('readableValues', () => {
  it('given a loan case in French, when made readable, then amounts, ratios, codes and dates read as the screens show them', () => {
    const values = readableValues(LOAN, 'fr', LOAN_DISPLAY);
    expect(values.loanProduct).toBe('Prêt personnel');
    expect(plain(values.loanAmount)).toBe('61 500,00 €');
    expect(plain(values.debtToIncome)).toBe('5,48 %');
    expect(values.termMonths).toBe('60');
    expect(values.monthlyIncome).toBe('4 250,5');
    expect(values.dateOfBirth).toBe('10 déc. 1985');
    expect(values.startedAt).toBe('05 mars 2026 14:30');
    expect(values.collateralTypes).toBe('Véhicule');
    expect(values.address).toBe('Rue de Rivoli 12, Paris');
  });

  it('given the same case in English, when made readable, then the labels and formats are English', () => {
    const values = readableValues(LOAN, 'en', LOAN_DISPLAY);
    expect(values.loanProduct).toBe('Personal loan');
    expect(plain(values.loanAmount)).toBe('€61 500.00');
    expect(plain(values.debtToIncome)).toBe('5.48 %');
    expect(values.dateOfBirth).toBe('10 Dec 1985');
  });

  it('given any value, when made readable, then the stored one stays beside it as name_raw', () => {
    const values = readableValues(LOAN, 'fr', LOAN_DISPLAY);
    expect(values.loanProduct_raw).toBe('personal');
    expect(values.loanAmount_raw).toBe(61500);
    expect(values.debtToIncome_raw).toBe(0.0548);
    expect(values.dateOfBirth_raw).toBe('1985-12-10');
    expect(values.collateralTypes_raw).toEqual(['vehicle']);
  });

  it('given booleans, empty text and a list of items, when made readable, then sections and loops work as before', () => {
    const values = readableValues(LOAN, 'fr', LOAN_DISPLAY);
    expect(values.hasExistingLoans).toBe(false);
    expect(values.endedAt).toBe('');
    const [task] = values.tasks as Record<string, unknown>[];
    expect(task?.taskName).toBe('Intake');
    expect(plain(task?.loanAmount)).toBe('70 000,00 €');
    expect(task?.loanAmount_raw).toBe(70000);
    expect(task?.completedAt).toBe('06 mars 2026 09:05');
  });

  it('given a value named like a raw one, when made readable, then its own value wins', () => {
    const values = readableValues(toTemplateValues({ code: 'personal', code_raw: 'kept' }), 'en', {
      formatOf: () => undefined,
    });
    expect(values.code_raw).toBe('kept');
    expect(values.code_raw_raw).toBe('kept');
  });
});
