import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';
import { compileForm } from '../compiler';

describe('a Flowable text field', () => {
  it('given an APS input mask, reversed, with a mask placeholder, when compiled, then the mask is in config and its placeholder replaces the own one', () => {
    const { field, warnings } = compilePlainField({
      type: 'text',
      placeholder: 'Own',
      params: { inputMask: '000-00', inputMaskReversed: 'true', inputMaskPlaceholder: '___-__' },
    });
    expect(field.config).toMatchObject({ inputMask: '000-00', inputMaskReversed: true });
    expect(field.placeholder).toBe('___-__');
    expect(warnings).toEqual([]);
  });

  it('given a mask with a blank mask placeholder, when compiled, then the field keeps its own placeholder', () => {
    const { field } = compilePlainField({
      type: 'text',
      placeholder: 'Own',
      params: { inputMask: 'AA', inputMaskReversed: false, inputMaskPlaceholder: '  ' },
    });
    expect(field.config.inputMask).toBe('AA');
    expect(field.config).not.toHaveProperty('inputMaskReversed');
    expect(field.placeholder).toBe('Own');
  });

  it('given no mask, when compiled, then a mask placeholder is ignored and nothing is added to config', () => {
    const { field } = compilePlainField({
      type: 'text',
      params: { inputMask: '', inputMaskPlaceholder: '___' },
    });
    expect(field.config).toEqual({ params: { inputMask: '', inputMaskPlaceholder: '___' } });
    expect(field.placeholder).toBeUndefined();
  });

  it('given a mask placeholder and a translations block, when compiled, then it is translated as the placeholder written at the mask placeholder', () => {
    const result = compileForm({
      key: 'masked',
      translations: { es: { fields: { f: { placeholder: '__ (es)' } } } },
      fields: [
        {
          id: 'f',
          name: '',
          type: 'text',
          params: { inputMask: '00', inputMaskPlaceholder: '__' },
        },
      ],
    });
    expect(result.form?.sections[0]?.fields[0]?.placeholder).toEqual({ en: '__', es: '__ (es)' });
    expect(result.warnings).toEqual([
      {
        code: 'translation.missing',
        path: '/fields/0/params/inputMaskPlaceholder',
        params: { locale: 'fr', text: '__' },
      },
    ]);
  });
});
