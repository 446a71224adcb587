import { describe, expect, it } from 'vitest';
import type { ObjectDefinition } from '../../schemas/api/records';
import { monthLabel, renderChartsPage } from './renderChartsPage';

const LOANS: ObjectDefinition = {
  key: 'loans',
  version: 1,
  label: { en: 'Loans', es: 'Préstamos', fr: 'Prêts' },
  owner: 'back-office',
  colour: '#238551',
  fields: [
    { key: 'decision', label: { en: 'Decision', es: 'Decisión', fr: 'Décision' }, type: 'string' },
    { key: 'amount', label: 'Amount', type: 'decimal' },
    { key: 'date', label: 'Date', type: 'date' },
  ],
  externalAnalysisUrl: null,
  otherData: {},
} as unknown as ObjectDefinition;

describe('monthLabel', () => {
  it('given a month of the figures, then it reads as a month in the page language', () => {
    expect(monthLabel('2026-08', 'en')).toBe('Aug 2026');
    expect(monthLabel('2026-08', 'es')).toMatch(/^ago\.? 2026$/);
    expect(monthLabel('2026-08', 'fr')).toBe('août 2026');
  });

  it('given anything but a month, then it is left as it came', () => {
    expect(monthLabel('2026', 'en')).toBe('2026');
  });
});

describe('renderChartsPage', () => {
  const page = (statusLabel?: (value: string) => string) =>
    renderChartsPage({
      definition: LOANS,
      fields: { status: 'decision', amount: 'amount', date: 'date' },
      data: {
        total: 3,
        byStatus: [
          { status: 'approved', count: 2 },
          { status: 'moreInfo', count: 1 },
        ],
        byMonth: [{ month: '2026-10', amount: 1500 }],
      },
      language: 'es',
      stylesheet: '/charts.css',
      ...(statusLabel ? { statusLabel } : {}),
    });

  it('given a label for the stored statuses, then the chart and its table show labels, not codes', () => {
    const labels: Record<string, string> = { approved: 'Aprobada', moreInfo: 'Más información' };
    const html = page((value) => labels[value] ?? value);
    expect(html).toContain('>Aprobada<');
    expect(html).toContain('>Más información<');
    expect(html).not.toContain('>approved<');
    expect(html).not.toContain('>moreInfo<');
  });

  it('given no label, then a status shows as stored, and months by their name', () => {
    const html = page();
    expect(html).toContain('>approved<');
    expect(html).toMatch(/>oct\.? 2026</);
    expect(html).not.toContain('>2026-10<');
  });

  it("given large figures, then counts and amounts read with a space between thousands and the language's decimal separator", () => {
    const figures = (language: 'en' | 'es' | 'fr') =>
      renderChartsPage({
        definition: LOANS,
        fields: { status: 'decision', amount: 'amount', date: 'date' },
        data: {
          total: 12345,
          byStatus: [{ status: 'approved', count: 12345 }],
          byMonth: [
            { month: '2026-09', amount: 1500 },
            { month: '2026-10', amount: 1234567.5 },
          ],
        },
        language,
        stylesheet: '/charts.css',
      });
    const spanish = figures('es');
    expect(spanish).toMatch(/data-testid="analysis-total">[^<]*12 345/);
    expect(spanish).toContain('<td>12 345</td>');
    expect(spanish).toContain('<td>1 500</td>');
    expect(spanish).toContain('<td>1 234 567,50</td>');
    expect(spanish).not.toContain('\u202f');
    expect(figures('en')).toContain('<td>1 234 567.50</td>');
    expect(figures('fr')).toContain('<td>1 234 567,50</td>');
  });
});
