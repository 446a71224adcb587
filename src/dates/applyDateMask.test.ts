import { describe, expect, it } from 'vitest';
import { applyDateMask } from './applyDateMask';

describe('applyDateMask (99/99/9999)', () => {
  it('puts the slashes in as the digits arrive', () => {
    expect(applyDateMask('1')).toBe('1');
    expect(applyDateMask('12')).toBe('12');
    expect(applyDateMask('123')).toBe('12/3');
    expect(applyDateMask('12052026')).toBe('12/05/2026');
  });

  it('lets a trailing slash be deleted', () => {
    expect(applyDateMask('12/')).toBe('12');
  });

  it('drops letters, other separators and digits beyond the mask', () => {
    expect(applyDateMask('1a2-05.2026')).toBe('12/05/2026');
    expect(applyDateMask('12/05/20261999')).toBe('12/05/2026');
    expect(applyDateMask('')).toBe('');
  });
});
