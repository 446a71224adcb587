import { ProcessExecutionError } from '../engineErrors';

/**
 * An expression that deploy accepted could not be computed from this instance's values
 * (a division by zero, a text where a number is needed, a method called on null). The
 * step that needed it is rolled back and the state kept, like any failed step, so a
 * condition never passes or fails silently on a value it could not compute.
 */
export class ExpressionEvaluationError extends ProcessExecutionError {
  /** What went wrong, without the expression: "division by zero ('rate' is 0)". */
  readonly detail: string;

  /** `source` is the expression as the definition wrote it, when the caller knows it. */
  constructor(detail: string, source?: string) {
    super(
      source === undefined
        ? `expression could not be evaluated: ${detail}`
        : `${source} could not be evaluated: ${detail}`,
    );
    this.name = 'ExpressionEvaluationError';
    this.detail = detail;
  }
}
