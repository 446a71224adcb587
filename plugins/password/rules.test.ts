import { describe, expect, it } from 'vitest';
import rules from './rules';

describe('a password field in a report', () => {
  it('given the rules, then a report leaves the field out, so its value never leaves the server', () => {
    expect(rules.hiddenInReports).toBe(true);
  });
});
