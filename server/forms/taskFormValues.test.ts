import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../paths';
import { fillPlainFormValues, pickPartValues } from './taskFormValues';
import { compileStoredForm } from './compileStoredForm';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(projectPath('fixtures', 'forms', `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

function idsWithValues(
  node: unknown,
  found: Record<string, unknown> = {},
): Record<string, unknown> {
  if (Array.isArray(node)) node.forEach((item) => idsWithValues(item, found));
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'string' && record.value !== null && record.value !== undefined) {
      found[record.id] = record.value;
    }
    for (const value of Object.values(record)) idsWithValues(value, found);
  }
  return found;
}

describe('fillPlainFormValues', () => {
  it('given a container written as a map of columns, when filling values, then fields in every column get theirs and a display field is left alone', () => {
    const definition = fixture('plain-every-type');
    const filled = fillPlainFormValues(
      definition,
      { fullName: 'Ada', monthlyIncome: 4300, summary: 'overwritten?', hasGuarantor: true },
      new Set(['fullName', 'monthlyIncome', 'hasGuarantor']),
    );
    expect(idsWithValues(filled)).toEqual({
      fullName: 'Ada',
      monthlyIncome: 4300,
      hasGuarantor: true,
    });
    // The stored definition is not touched.
    expect(idsWithValues(definition)).not.toHaveProperty('fullName');
  });

  it('given a modeler export, when filling values, then the body under formDefinition is filled', () => {
    const filled = fillPlainFormValues(
      fixture('flowable-loan-request'),
      { requestedAmount: 9000, riskBand: 'B' },
      new Set(['requestedAmount', 'riskBand']),
    );
    expect(idsWithValues(filled)).toMatchObject({ requestedAmount: 9000, riskBand: 'B' });
  });
});

describe('pickPartValues', () => {
  it('given values with other variables and a prototype key, when picking a form’s values, then only its fields come back as own properties', () => {
    const compiled = compileStoredForm(
      {
        tenant: 'internal',
        id: 'DSG-loan-application',
        kind: 'designer',
        version: 1,
        definition: fixture('DSG-loan-application'),
        createdAt: new Date(),
      },
      new Map(),
    );
    const values = JSON.parse(
      '{"firstName":"Ada","initiator":"lmartin","__proto__":{"polluted":true}}',
    ) as Record<string, unknown>;
    const picked = pickPartValues(values, compiled.parts);
    expect(picked).toEqual({ firstName: 'Ada' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
