import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../../../schemas/forms';
import { loadFixture } from './testing/compilerTestKit';
import { type LayoutRow } from './computeLayout';
import { compileForm, computeLayout } from '../../../../plugins/compiler';

const field = (
  id: string,
  desktop: number,
  extra: { type?: string; tablet?: number; phone?: number; breakBefore?: boolean } = {},
): NormalizedField => ({
  id,
  type: extra.type ?? 'text',
  label: id,
  required: false,
  readOnly: false,
  validation: {},
  config: {},
  widths: { desktop, tablet: extra.tablet ?? Math.min(12, desktop * 2), phone: extra.phone ?? 12 },
  ...(extra.breakBefore ? { breakBefore: true } : {}),
  valueType: 'string',
});

const cells = (rows: readonly LayoutRow[]) =>
  rows.map((row) => row.cells.map((c) => `${c.fieldId}:${c.span}`));

describe('computeLayout', () => {
  it('given fields that fit, when laid out, then they fill rows left to right and wrap at 12', () => {
    const layout = computeLayout([
      field('a', 4),
      field('b', 4),
      field('c', 4),
      field('d', 6),
      field('e', 8),
    ]);
    expect(cells(layout.desktop)).toEqual([['a:4', 'b:4', 'c:4'], ['d:6'], ['e:8']]);
    expect(cells(layout.tablet)).toEqual([['a:8'], ['b:8'], ['c:8'], ['d:12'], ['e:12']]);
    expect(cells(layout.phone)).toEqual([['a:12'], ['b:12'], ['c:12'], ['d:12'], ['e:12']]);
  });

  it('given a headline, when laid out, then it closes the row and stands alone at full width', () => {
    const layout = computeLayout([
      field('a', 4),
      field('title', 3, { type: 'headline' }),
      field('b', 4),
      field('rule', 6, { type: 'horizontal-line' }),
      field('c', 6, { type: 'headline-with-line' }),
    ]);
    expect(cells(layout.desktop)).toEqual([['a:4'], ['title:12'], ['b:4'], ['rule:12'], ['c:12']]);
  });

  it('given a spacer, when laid out, then it takes its width like a field', () => {
    const layout = computeLayout([
      field('a', 6),
      field('gap', 6, { type: 'spacer' }),
      field('b', 6),
    ]);
    expect(cells(layout.desktop)).toEqual([['a:6', 'gap:6'], ['b:6']]);
  });

  it('given breakBefore, when laid out, then a new row starts at every breakpoint', () => {
    const layout = computeLayout([
      field('a', 3, { phone: 6 }),
      field('b', 3, { breakBefore: true, phone: 6 }),
    ]);
    expect(cells(layout.desktop)).toEqual([['a:3'], ['b:3']]);
    expect(cells(layout.phone)).toEqual([['a:6'], ['b:6']]);
  });

  it('given hand-built widths off the grid, when laid out, then spans stay within 1-12', () => {
    const layout = computeLayout([field('a', 40), field('b', 0)]);
    expect(cells(layout.desktop)).toEqual([['a:12'], ['b:1']]);
  });

  it('given no fields, when laid out, then there are no rows', () => {
    expect(computeLayout([])).toEqual({ desktop: [], tablet: [], phone: [] });
  });

  it('given the loan application, when laid out, then desktop, tablet and phone rows differ', () => {
    const form = compileForm(loadFixture('DSG-loan-application.json')).form;
    const loan = form?.sections.find((s) => s.id === 'loan');
    const layout = computeLayout(loan?.fields ?? []);
    expect(cells(layout.desktop)).toEqual([
      ['loanProduct:4', 'loanAmount:4', 'termMonths:2', 'annualRate:2'],
      ['monthlyInstalment:4', 'purpose:8'],
      ['disbursementDate:4'],
    ]);
    expect(cells(layout.tablet)).toEqual([
      ['loanProduct:6', 'loanAmount:6'],
      ['termMonths:3', 'annualRate:3', 'monthlyInstalment:6'],
      ['purpose:12'],
      ['disbursementDate:6'],
    ]);
    expect(cells(layout.phone)).toEqual([
      ['loanProduct:12'],
      ['loanAmount:12'],
      ['termMonths:6', 'annualRate:6'],
      ['monthlyInstalment:12'],
      ['purpose:12'],
      ['disbursementDate:12'],
    ]);
  });

  it('given a Flowable two-column container, when laid out, then its rows are kept', () => {
    const form = compileForm(loadFixture('flowable-loan-request.json')).form;
    const layout = computeLayout(form?.sections[0]?.fields ?? []);
    expect(cells(layout.desktop).slice(0, 4)).toEqual([
      ['customerHeadline:12'],
      ['customerId:6', 'customerName:6'],
      ['requestedAmount:6', 'termMonths:6'],
      ['officerComment:12'],
    ]);
    expect(cells(layout.tablet)[1]).toEqual(['customerId:12']);
  });
});
