import { describe, expect, it } from 'vitest';
import { addPluginTranslations } from '../../src/forms/registry/pluginTranslations';
import { i18n } from '../../src/i18n/i18n';
import rules from './rules';
import { sanitizeSignature, validateSignature } from './validate';

const FILE_ID = '0b5f6c7e-1a2b-4c3d-8e9f-001122334455';

describe('signature rules', () => {
  it('given a stored id, then it keeps it trimmed and accepts it', () => {
    expect(sanitizeSignature(` ${FILE_ID} `)).toBe(FILE_ID);
    expect(validateSignature(FILE_ID)).toEqual([]);
  });

  it('given nothing, blank text or another shape, then it is empty', () => {
    expect(sanitizeSignature(undefined)).toBeNull();
    expect(sanitizeSignature('  ')).toBeNull();
    expect(
      sanitizeSignature({ type: 'signature', dataUrl: 'data:image/png;base64,AA' }),
    ).toBeNull();
    expect(rules.isEmpty(rules.sanitize(null, {} as never))).toBe(true);
  });

  it('given text that is not a file id (an inline image), then it is refused with a code', () => {
    expect(validateSignature('data:image/png;base64,AAAA')).toEqual([
      { code: 'validation.signature.invalid', params: {} },
    ]);
    expect(validateSignature(FILE_ID.toUpperCase())).toEqual([
      { code: 'validation.signature.invalid', params: {} },
    ]);
  });

  it('given the refusals of a saved signature (an inline image here, a file of another task or tenant on the server), then each has its own message in English, Spanish and French', () => {
    const codes = [
      ...validateSignature('data:image/png;base64,AAAA').map(({ code }) => code),
      'validation.file.notOwned',
    ];
    addPluginTranslations(i18n);
    for (const language of ['en', 'es', 'fr']) {
      const texts = codes.map((code) => {
        expect(typeof i18n.getResource(language, 'translation', code), `${language}:${code}`).toBe(
          'string',
        );
        return i18n.getFixedT(language)(code);
      });
      expect(new Set(texts).size, language).toBe(codes.length);
    }
    expect(i18n.getFixedT('es')('validation.file.notOwned')).not.toBe(
      i18n.getFixedT('en')('validation.file.notOwned'),
    );
  });
});
