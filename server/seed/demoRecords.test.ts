import { describe, expect, it } from 'vitest';
import { DEMO_DICTIONARIES } from './demoDictionaries';
import { DEMO_OBJECT_DEFINITIONS, demoCollateral, demoCustomers, demoLoans } from './demoRecords';

describe('demo records and their dictionaries', () => {
  it('given every demo field that names a dictionary, when the demo rows are made, then each value is an entry of that dictionary, so no screen or chart shows a raw code', () => {
    const customers = demoCustomers(300);
    const loans = demoLoans(300, customers);
    const rows = {
      customers,
      loans,
      collateral: demoCollateral(300, loans),
    } as Record<string, readonly { data: Record<string, unknown> }[]>;
    const checked: string[] = [];
    for (const definition of DEMO_OBJECT_DEFINITIONS) {
      for (const field of definition.fields) {
        if (!field.dictionary) continue;
        const dictionary = DEMO_DICTIONARIES.find((list) => list.name === field.dictionary);
        expect(dictionary, `${definition.key}.${field.key}: ${field.dictionary}`).toBeDefined();
        const codes = new Set(dictionary?.entries.map((entry) => entry.code));
        const values = new Set(
          (rows[definition.key] ?? [])
            .map((row) => row.data[field.key])
            .filter((value) => value !== undefined && value !== null && value !== ''),
        );
        expect(values.size, `${definition.key}.${field.key} has demo values`).toBeGreaterThan(0);
        for (const value of values) {
          expect(codes.has(String(value)), `${definition.key}.${field.key}: ${String(value)}`).toBe(
            true,
          );
        }
        checked.push(`${definition.key}.${field.key}`);
      }
    }
    // The fields whose codes would otherwise show raw in the tables and the analysis charts.
    expect(checked).toEqual(
      expect.arrayContaining([
        'customers.idDocumentType',
        'loans.decision',
        'collateral.collateralType',
        'collateral.valuationMethod',
      ]),
    );
  });
});
