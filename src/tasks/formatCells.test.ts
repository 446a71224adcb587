import { describe, expect, it } from 'vitest';
import { formatAssigneeName, formatCandidates, formatTaskName } from './formatCells';

describe('cell formats', () => {
  it('capitalises each candidate and joins them with commas', () => {
    expect(formatCandidates(['loan-officers', 'maría García', ' '])).toBe(
      'Loan-officers, María García',
    );
    expect(formatCandidates([])).toBe('');
  });

  it("shows '-' for an empty task name and '--' without an assignee", () => {
    expect(formatTaskName('')).toBe('-');
    expect(formatTaskName('  ')).toBe('-');
    expect(formatTaskName('Review')).toBe('Review');
    expect(formatAssigneeName(null)).toBe('--');
    expect(formatAssigneeName('Lucas Martin')).toBe('Lucas Martin');
  });
});
