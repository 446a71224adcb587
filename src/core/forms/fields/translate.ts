import type { ValidationParam } from './validationError';

/** Turns a translation key and its params into text in the form's language. */
export type Translate = (key: string, params?: Readonly<Record<string, ValidationParam>>) => string;
