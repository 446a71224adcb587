import { describe, expect, it } from 'vitest';
import { objectDataTarget } from './objectDataTarget';

describe('objectDataTarget', () => {
  it('given metadata naming an object definition and its version, then it is that list', () => {
    expect(objectDataTarget({ objectDefinitionKey: 'customers', objectDefinitionVersion: 2 })).toBe(
      '/objectdata/customers/2',
    );
    expect(objectDataTarget({ objectDefinitionKey: 'loans', version: '3' })).toBe(
      '/objectdata/loans/3',
    );
  });

  it('given a version that is not a whole number, then version 1', () => {
    expect(objectDataTarget({ objectDefinitionKey: 'loans', version: 'latest' })).toBe(
      '/objectdata/loans/1',
    );
  });

  it('given no object definition, or a key no object can have, then none', () => {
    expect(objectDataTarget({})).toBeNull();
    expect(objectDataTarget({ objectDefinitionKey: '../admin' })).toBeNull();
    expect(objectDataTarget({ objectDefinitionKey: 7 })).toBeNull();
  });
});
