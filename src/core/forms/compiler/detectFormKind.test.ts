import { describe, expect, it } from 'vitest';
import { detectFormKind } from './detectFormKind';
import { listCombinedRefs } from './listCombinedRefs';

describe('detectFormKind', () => {
  it('given formKeys, when detected, then the prefix decides', () => {
    expect(detectFormKind('DSG-loan-application')).toBe('designer');
    expect(detectFormKind('CUT-loan-review')).toBe('combined');
    expect(detectFormKind('loanRequestForm')).toBe('plain');
    expect(detectFormKind('dsg-lowercase')).toBe('plain');
  });

  it('given definitions, when detected, then their id or key is read', () => {
    expect(detectFormKind({ id: 'DSG-a', name: 'A' })).toBe('designer');
    expect(detectFormKind({ id: 'CUT-a', forms: [] })).toBe('combined');
    expect(detectFormKind({ id: 3003, key: 'DSG-from-key' })).toBe('designer');
    expect(detectFormKind({ id: 3003, key: 'loan' })).toBe('plain');
  });

  it('given anything else, when detected, then it is plain', () => {
    expect(detectFormKind(null)).toBe('plain');
    expect(detectFormKind([1])).toBe('plain');
    expect(detectFormKind(42)).toBe('plain');
  });
});

describe('listCombinedRefs', () => {
  it('given a combined task, when listed, then refs come in order without repeats', () => {
    expect(
      listCombinedRefs({ forms: [{ ref: 'b' }, { key: 'inline' }, { ref: 'a' }, { ref: 'b' }] }),
    ).toEqual(['b', 'a']);
  });

  it('given something else, when listed, then there are none', () => {
    expect(listCombinedRefs({ fields: [] })).toEqual([]);
    expect(listCombinedRefs('CUT-x')).toEqual([]);
  });
});
