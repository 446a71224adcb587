import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PasswordSettings } from '../../schemas/api/identity';
import { PasswordChecklist } from './PasswordChecklist';

/** The spec's policy: six to fifty characters, nothing else. */
const sixToFifty: PasswordSettings = {
  minLength: 6,
  maxLength: 50,
  minDigits: 0,
  minLowercaseCharacters: 0,
  minUppercaseCharacters: 0,
  minSpecialCharacters: 0,
};

function lengthRule() {
  const item = screen.getByRole('listitem');
  return { text: item.textContent, met: item.getAttribute('data-met') === 'true' };
}

describe('spec 000 section 5 (line 219): the length rule reads "six to fifty"', () => {
  it('given a policy of 6 to 50 characters, when the checklist shows, then the length rule says 6 to 50 characters and is met from 6 up to 50 only', () => {
    const { rerender } = render(<PasswordChecklist password="abcde" settings={sixToFifty} />);
    expect(lengthRule().text).toContain('6 to 50 characters');
    expect(lengthRule().met).toBe(false);

    rerender(<PasswordChecklist password="abcdef" settings={sixToFifty} />);
    expect(lengthRule().met).toBe(true);
    rerender(<PasswordChecklist password={'a'.repeat(50)} settings={sixToFifty} />);
    expect(lengthRule().met).toBe(true);
    rerender(<PasswordChecklist password={'a'.repeat(51)} settings={sixToFifty} />);
    expect(lengthRule().met).toBe(false);
  });
});
