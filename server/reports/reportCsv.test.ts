import { describe, expect, it } from 'vitest';
import type { ReportInstance, ReportType } from '../../schemas/api/reports';
import type { NormalizedField } from '../../schemas/forms';
import type { CompletedInstanceReport } from './completedReports';
import { reportCsv } from './reportCsv';

const field = (id: string, extra: Partial<NormalizedField>): NormalizedField => ({
  id,
  type: 'number',
  label: id,
  required: false,
  readOnly: false,
  validation: {},
  config: {},
  widths: { desktop: 12, tablet: 12, phone: 12 },
  valueType: 'number',
  ...extra,
});

const INSTANCE: ReportInstance = {
  id: 'instance-1',
  name: 'Loan of 307 000 for Ana Pérez',
  businessKey: null,
  processDefinitionKey: 'loanApplication',
  processDefinitionName: 'Loan application',
  status: 'Completed',
  started: '2026-03-05T14:30:00.000Z',
  ended: '2026-11-27T22:33:41.000Z',
  startedBy: { id: 'cdubois', fullName: 'Claire Dubois' },
};

/** One completed application whose form holds every kind of value the CSV writes apart. */
const APPLICATION: CompletedInstanceReport = {
  instance: INSTANCE,
  dictionaries: new Map(),
  tasks: [
    {
      id: 'task-1',
      name: 'Application',
      completedAt: '2026-03-06T09:00:00.000Z',
      completedBy: { id: 'cdubois', fullName: 'Claire Dubois' },
      forms: [
        {
          formId: 'application',
          title: null,
          form: {
            id: 'application',
            kind: 'designer',
            name: 'Application',
            sections: [
              {
                id: 'main',
                title: 'Main',
                fields: [
                  field('loanAmount', { config: { numberKind: 'amount', currency: 'EUR' } }),
                  field('fee', { config: { numberKind: 'amount' } }),
                  field('loss', { config: { numberKind: 'amount', currency: 'EUR' } }),
                  field('bureauScore', {}),
                  field('annualRate', { config: { numberKind: 'decimal', decimals: 2 } }),
                  field('debtToIncome', { type: 'formula', config: { format: 'percent' } }),
                  field('dateOfBirth', { type: 'date', valueType: 'string' }),
                  field('meeting', { type: 'datetime', valueType: 'string' }),
                  field('note', { type: 'text', valueType: 'string' }),
                  field('scribble', { type: 'date', valueType: 'string' }),
                ],
              },
            ],
            outcomes: [],
          },
          values: {
            loanAmount: 307000,
            fee: 1250.5,
            loss: -1200,
            bureauScore: 1234567,
            annualRate: 4.5,
            debtToIncome: 0.0548,
            dateOfBirth: '1984-11-25',
            meeting: '2026-03-04T09:15',
            note: '2026-03-04',
            scribble: 'next week',
          },
        },
      ],
    },
  ],
};

/** The CSV's cells, its quoting taken off (the fixtures hold no quote or comma). */
function cells(type: ReportType, language: string): Map<string, string> {
  const csv = reportCsv(type, APPLICATION, language);
  const rows = csv
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split('","').map((cell) => cell.replace(/^"|"$/g, '')));
  return new Map(rows.map((row) => [row[1] ?? '', row[2] ?? '']));
}

describe('reportCsv', () => {
  it('given a loan application, when exported, then its start and end read DD/MMM/YYYY HH:mm on the UTC clock, months in the language', () => {
    const english = cells('loanApplication', 'en');
    expect(english.get('Start date (UTC)')).toBe('05/Mar/2026 14:30');
    expect(english.get('End date (UTC)')).toBe('27/Nov/2026 22:33');
    const french = cells('loanApplication', 'fr');
    expect(french.get('Date de début (UTC)')).toBe('05/mars/2026 14:30');
    expect(french.get('Date de fin (UTC)')).toBe('27/nov/2026 22:33');
    const spanish = cells('loanApplication', 'es');
    expect(spanish.get('Fecha de fin (UTC)')).toBe('27/nov/2026 22:33');
  });

  it('given a loan or a customer report, when exported, then its dates are DD/MMM/YYYY without the time', () => {
    expect(cells('loan', 'en').get('Start date (UTC)')).toBe('05/Mar/2026');
    expect(cells('customer', 'es').get('Fecha de fin (UTC)')).toBe('27/nov/2026');
  });

  it('given date and date-time fields, when exported, then they read as report dates and text that is no date stays as typed', () => {
    const english = cells('loan', 'en');
    expect(english.get('dateOfBirth')).toBe('25/Nov/1984');
    expect(english.get('meeting')).toBe('04/Mar/2026 09:15');
    expect(english.get('note')).toBe('2026-03-04');
    expect(english.get('scribble')).toBe('next week');
    expect(cells('loan', 'fr').get('dateOfBirth')).toBe('25/nov/1984');
  });

  it('given amounts, numbers and a ratio, when exported, then each reads as its field shows it in the language', () => {
    const english = cells('loanApplication', 'en');
    expect(english.get('loanAmount')).toBe('€307 000.00');
    expect(english.get('fee')).toBe('1 250.50');
    expect(english.get('bureauScore')).toBe('1 234 567');
    expect(english.get('annualRate')).toBe('4.5');
    expect(english.get('debtToIncome')).toBe('5.48\u00a0%');
    const french = cells('loanApplication', 'fr');
    expect(french.get('loanAmount')).toMatch(/^307 000,00\s€$/);
    expect(french.get('fee')).toBe('1 250,50');
    expect(french.get('annualRate')).toBe('4,5');
    expect(french.get('debtToIncome')).toBe('5,48\u00a0%');
  });

  it('given a negative amount, when exported, then its cell is still guarded against formulas', () => {
    expect(cells('loan', 'en').get('loss')).toBe("'-€1 200.00");
  });
});
