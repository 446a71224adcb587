import { describe, expect, it } from 'vitest';
import rules from './rules';

describe('a date field in a report', () => {
  it('given a stored day, when a report shows it, then it is a report date in the language', () => {
    expect(rules.reportText?.('2026-03-05', 'en')).toBe('05/Mar/2026');
    expect(rules.reportText?.(' 2026-03-05 ', 'fr')).toMatch(/^05\/mars?\.?\/2026$/);
    expect(rules.hiddenInReports).toBe(false);
  });

  it('given text that is no stored day, when a report shows it, then it is left as typed', () => {
    expect(rules.reportText?.('05/03/2026', 'en')).toBeUndefined();
    expect(rules.reportText?.('2026-03-05T14:30', 'en')).toBeUndefined();
  });
});
