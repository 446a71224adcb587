import { ProcessExecutionError } from './engineErrors';

/**
 * An expression that deploy accepted could not be computed from this instance's values
 * (a division by zero, a text where a number is needed, a method called on null). The
 * step that needed it is rolled back and the state kept, like any failed step, so a
 * condition never passes or fails silently on a value it could not compute.
 */
export class ExpressionEvaluationError extends ProcessExecutionError {
  constructor(message: string) {
    super(`expression could not be evaluated: ${message}`);
    this.name = 'ExpressionEvaluationError';
  }
}
