/** A parameter of a validation message: data for the translated text, never English. */
export type ValidationParam = string | number | boolean;

/**
 * One problem with a field's value: a translation key (`validation.required`,
 * `validation.maxLength`) and the params its message needs. Validators return these and
 * i18next turns them into text, so a validator never holds English.
 */
export interface ValidationError {
  /** The translation key of the message, e.g. `validation.maxLength`. */
  readonly code: string;
  /** Values for the message, e.g. `{ limit: 60 }`. */
  readonly params: Readonly<Record<string, ValidationParam>>;
}

/** Builds a validation error; `params` defaults to none. */
export function validationError(
  code: string,
  params: Readonly<Record<string, ValidationParam>> = {},
): ValidationError {
  return { code, params };
}

/** The code of a missing required value; the scroll-to-error order puts these first. */
export const REQUIRED_CODE = 'validation.required';

/** The code of a blocking message field whose rule is false; the scroll order puts these second. */
export const MESSAGE_BLOCKS_CODE = 'validation.messageBlocks';
