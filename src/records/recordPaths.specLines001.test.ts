import { describe, expect, it } from 'vitest';
import { versionFromPath } from './recordPaths';

describe('spec 001 section 2 (line 17): the records address version defaults to 1', () => {
  it('given a records address whose version is a number, when it is read, then that number is the version', () => {
    expect(versionFromPath('3')).toBe(3);
    expect(versionFromPath('12')).toBe(12);
  });

  it('given a records address whose version is not a number, when it is read, then the version is 1', () => {
    for (const text of ['latest', 'v2', '2.5', '', ' ', '-3', '1e3', undefined]) {
      expect(versionFromPath(text), String(text)).toBe(1);
    }
  });
});
