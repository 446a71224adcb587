import { describe, expect, it } from 'vitest';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { FormValidator } from './FormValidator';
import { designerForm } from './runtimeTestKit';

const registry = createFieldRegistry();

describe('FormValidator patterns', () => {
  it('given catastrophic patterns and 10,000 characters, when validated, then it answers right in linear time', () => {
    const validator = FormValidator.forForm(
      designerForm([
        { id: 'alternation', type: 'input', validation: { pattern: '(x|x)*y' } },
        { id: 'doubling', type: 'input', validation: { pattern: '^(a|aa)*$' } },
        {
          id: 'digits',
          type: 'input',
          validation: { pattern: '^\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*$' },
        },
      ]),
      registry,
    );
    const bad = {
      alternation: 'x'.repeat(10_000),
      doubling: `${'a'.repeat(10_000)}b`,
      digits: `${'1'.repeat(10_000)}a`,
    };
    const good = {
      alternation: `${'x'.repeat(10_000)}y`,
      doubling: 'a'.repeat(10_000),
      digits: '1'.repeat(10_000),
    };
    const started = performance.now();
    const refused = validator.validateValues(bad);
    const accepted = validator.validateValues(good);
    const elapsed = performance.now() - started;
    expect([...refused.keys()]).toEqual(['alternation', 'doubling', 'digits']);
    for (const errors of refused.values())
      expect(errors.map((e) => e.code)).toEqual(['validation.pattern']);
    expect(accepted.size).toBe(0);
    // A backtracking engine needs from seconds to minutes here; linear time is milliseconds.
    expect(elapsed).toBeLessThan(500);
  });

  it('given a placeholder that shows the format, when the pattern fails, then the error names it', () => {
    const validator = FormValidator.forForm(
      designerForm([
        {
          id: 'reference',
          type: 'input',
          placeholder: { en: 'e.g. AB-1234', es: 'AB-1234' },
          validation: { pattern: '^[A-Z]{2}-\\d{4}$' },
        },
        {
          id: 'branch',
          type: 'input',
          placeholder: 'Enter the branch code',
          validation: { pattern: '^\\d{4}$' },
        },
      ]),
      registry,
    );
    expect(validator.validateField('reference', 'AB1234')).toEqual([
      { code: 'validation.pattern', params: { context: 'example', example: 'AB-1234' } },
    ]);
    expect(validator.validateField('branch', '12')).toEqual([
      { code: 'validation.pattern', params: {} },
    ]);
  });
});
