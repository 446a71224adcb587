import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';

/** A signature as saved: the id of its PNG in the file store, or nothing. */
export type SignatureValue = string | null;

/** A file id as the store makes them (a lower-case uuid). */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads a stored id (trimmed); anything but text is no signature. Keeps text it cannot read. */
export function sanitizeSignature(value: unknown): SignatureValue {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/**
 * A saved signature is a file id: the drawing itself goes to the file store, never into
 * the form's values, so a form cannot carry an image (or a script posing as one) inline.
 */
export function validateSignature(value: SignatureValue): readonly ValidationError[] {
  if (value === null || FILE_ID.test(value)) return [];
  return [validationError('validation.signature.invalid')];
}
