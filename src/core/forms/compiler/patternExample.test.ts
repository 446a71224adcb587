import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { patternErrorParams, patternExampleOf } from './patternExample';
import { compileForm } from '../../../../plugins/compiler';

const fieldWith = (placeholder: unknown, pattern = '^[A-Z]{2}-\\d{4}$') => {
  const result = compileForm({
    id: 'DSG-example',
    name: 'Example',
    fields: [{ id: 'code', type: 'input', placeholder, validation: { pattern } }],
  });
  const field = result.form?.sections[0]?.fields[0];
  if (!field) throw new Error(JSON.stringify(result.errors));
  return field;
};

describe('patternExampleOf', () => {
  it('given a placeholder that matches the pattern, when asked, then it is the example', () => {
    expect(patternExampleOf(fieldWith('AB-1234'))).toBe('AB-1234');
    expect(patternErrorParams(fieldWith('AB-1234'))).toEqual({
      context: 'example',
      example: 'AB-1234',
    });
  });

  it('given localized placeholders, when asked, then the first that matches is the example', () => {
    expect(patternExampleOf(fieldWith({ en: 'e.g. AB-1234', fr: 'CD-5678' }))).toBe('CD-5678');
  });

  it('given a placeholder that is an instruction, or none, when asked, then there is no example', () => {
    expect(patternExampleOf(fieldWith('Enter the reference'))).toBeUndefined();
    expect(patternErrorParams(fieldWith(undefined))).toEqual({});
  });

  it('given an example, when the error is translated, then each language names the format', () => {
    const params = { context: 'example', example: 'AB-1234' };
    expect(i18n.t('validation.pattern', { ...params, lng: 'en' })).toBe('Use the format: AB-1234.');
    expect(i18n.t('validation.pattern', { ...params, lng: 'es' })).toBe('Use el formato: AB-1234.');
    expect(i18n.t('validation.pattern', { ...params, lng: 'fr' })).toBe(
      'Utilisez le format : AB-1234.',
    );
    // Without one, the general sentence stays.
    expect(i18n.t('validation.pattern', { lng: 'en' })).toBe(
      'This value does not have the expected format.',
    );
  });
});
