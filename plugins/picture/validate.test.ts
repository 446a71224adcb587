import { describe, expect, it } from 'vitest';
import rules from './rules';
import { isPictureId, sanitizePicture, validatePicture } from './validate';

const FILE_ID = '0b5f6c7e-1a2b-4c3d-8e9f-001122334455';

describe('picture rules', () => {
  it('given a stored id, then it keeps it trimmed, accepts it and names it as the file', () => {
    expect(sanitizePicture(` ${FILE_ID} `)).toBe(FILE_ID);
    expect(validatePicture(FILE_ID)).toEqual([]);
    expect(isPictureId(FILE_ID)).toBe(true);
    expect(rules.fileIds(FILE_ID)).toEqual([FILE_ID]);
  });

  it('given nothing, blank text or another shape, then it is empty and names no file', () => {
    expect(sanitizePicture(undefined)).toBeNull();
    expect(sanitizePicture('   ')).toBeNull();
    expect(sanitizePicture({ id: FILE_ID })).toBeNull();
    expect(rules.isEmpty(rules.sanitize(null, {} as never))).toBe(true);
    expect(rules.fileIds(null)).toEqual([]);
  });

  it('given an inline image or an id that is not a lower-case uuid, then it is refused with a code', () => {
    for (const value of ['data:image/jpeg;base64,AAAA', FILE_ID.toUpperCase(), 'idPhoto.jpg']) {
      expect(validatePicture(sanitizePicture(value))).toEqual([
        { code: 'validation.picture.invalid', params: {} },
      ]);
    }
  });

  it('declares a string value, and a config of a quality preset and a crop aspect', () => {
    expect(rules.valueTypes).toEqual(['string']);
    expect(rules.designerConfig).toMatchObject({
      properties: {
        quality: { enum: ['standard', 'good', 'high'] },
        aspect: { enum: ['3:2', '3:4', '4:3', '16:9'] },
      },
    });
  });
});
