import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';

/** A picture as saved: the id of its JPEG or PNG in the file store, or nothing. */
export type PictureValue = string | null;

/** A file id as the store makes them (a lower-case uuid). */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads a stored id (trimmed); anything but text is no picture. Keeps text it cannot read. */
export function sanitizePicture(value: unknown): PictureValue {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** Whether a sanitised value names a stored file. */
export function isPictureId(value: PictureValue): value is string {
  return value !== null && FILE_ID.test(value);
}

/**
 * A saved picture is a file id (spec 001 section 5: "Picture ids must be uuids"): the image
 * goes to the file store, never into the form's values, so a form cannot carry an image (or
 * a script posing as one) inline.
 */
export function validatePicture(value: PictureValue): readonly ValidationError[] {
  if (value === null || isPictureId(value)) return [];
  return [validationError('validation.picture.invalid')];
}
