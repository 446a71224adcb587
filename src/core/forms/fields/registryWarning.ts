import type { ValidationParam } from './validationError';

/** Codes of the problems the registry finds in a compiled form. */
export type RegistryWarningCode = 'field.unsupportedType' | 'field.valueTypeMismatch';

/**
 * A problem the registry finds in a compiled form: a field whose type no plugin renders
 * (it shows the "unsupported field" box) or whose value type its plugin does not take.
 * Shaped like the compiler's warnings, so the preview lists both together.
 */
export interface RegistryWarning {
  /** What is wrong. */
  readonly code: RegistryWarningCode;
  /** Where, as a JSON pointer into the normalised form. */
  readonly path: string;
  /** Details for the message. */
  readonly params: Readonly<Record<string, ValidationParam>>;
}
