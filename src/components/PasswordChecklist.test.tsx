import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PasswordSettings } from '../../schemas/api/identity';
import { PasswordChecklist } from './PasswordChecklist';

const policy: PasswordSettings = {
  minLength: 8,
  maxLength: 64,
  minDigits: 1,
  minLowercaseCharacters: 0,
  minUppercaseCharacters: 2,
  minSpecialCharacters: 0,
};

function rules() {
  return screen.getAllByRole('listitem').map((item) => ({
    rule: item.getAttribute('data-rule'),
    met: item.getAttribute('data-met') === 'true',
    text: item.textContent,
  }));
}

describe('PasswordChecklist', () => {
  it('lists only the rules with a non-zero minimum, in words', () => {
    render(<PasswordChecklist password="" settings={policy} />);
    expect(rules().map((r) => r.rule)).toEqual(['length', 'digits', 'uppercase']);
    expect(rules()[0]?.text).toContain('8 to 64 characters');
    expect(rules()[1]?.text).toContain('at least 1 digit');
    expect(rules()[2]?.text).toContain('at least 2 uppercase letters');
  });

  it('ticks each rule as the password meets it', () => {
    const { rerender } = render(<PasswordChecklist password="abc" settings={policy} />);
    expect(rules().map((r) => r.met)).toEqual([false, false, false]);

    rerender(<PasswordChecklist password="abcdefgh1" settings={policy} />);
    expect(rules().map((r) => r.met)).toEqual([true, true, false]);

    rerender(<PasswordChecklist password="AbcdefgH1" settings={policy} />);
    expect(rules().map((r) => r.met)).toEqual([true, true, true]);
  });

  it('tells assistive technology which rules are met', () => {
    render(<PasswordChecklist password="abcdefgh1" settings={policy} />);
    expect(rules()[0]?.text).toContain('(met)');
    expect(rules()[2]?.text).toContain('(not met yet)');
  });
});
