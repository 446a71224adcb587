/** Why a formula has no value; each code has a translation under `validation.` in locales. */
export type FormulaErrorCode =
  | 'formula.syntax'
  | 'formula.forbiddenSyntax'
  | 'formula.unknownFunction'
  | 'formula.argumentCount'
  | 'formula.cycle'
  | 'formula.notANumber'
  | 'formula.typeMismatch'
  | 'formula.divisionByZero'
  | 'formula.notFinite'
  | 'formula.invalidDate'
  | 'formula.invalidArgument'
  | 'formula.unsupportedValue'
  | 'formula.evaluationFailed';

/**
 * The value of a formula that cannot be computed. It is data, not an exception, so a
 * broken formula shows a message in its own field and never breaks the page.
 */
export interface FormulaError {
  /** Marks the object as an error among plain values. */
  readonly kind: 'formulaError';
  /** A stable code the UI translates. */
  readonly code: FormulaErrorCode;
  /** Details for the translated message. */
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * What a formula evaluates to. `null` means "not computable yet" (an input is empty),
 * which the UI shows as an empty field rather than as an error.
 */
export type FormulaValue =
  number | string | boolean | null | FormulaError | readonly FormulaValue[];

/** Builds an error value. */
export function formulaError(
  code: FormulaErrorCode,
  params: Readonly<Record<string, string | number>> = {},
): FormulaError {
  return { kind: 'formulaError', code, params };
}

/** True when a formula value is an error rather than a result. */
export function isFormulaError(value: unknown): value is FormulaError {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as { kind?: unknown }).kind === 'formulaError'
  );
}
