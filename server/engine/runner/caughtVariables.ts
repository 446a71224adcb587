import type { Variables } from '../expressions/expressionAst';
import type { CaughtEventVariables } from '../processModel';

/** A BPMN error or escalation as a catcher receives it. */
export interface Caught {
  readonly errorCode?: string | null;
  readonly errorMessage?: string | null;
  readonly escalationCode?: string | null;
}

/**
 * The process variables a catcher (boundary event or event sub-process start) names for
 * what it caught: the error's code and message, the escalation's code (null when absent).
 */
export function caughtVariables(catcher: CaughtEventVariables, caught: Caught): Variables {
  const stored: Variables = {};
  if (catcher.errorCodeVariable) stored[catcher.errorCodeVariable] = caught.errorCode ?? null;
  if (catcher.errorMessageVariable) {
    stored[catcher.errorMessageVariable] = caught.errorMessage ?? null;
  }
  if (catcher.escalationCodeVariable) {
    stored[catcher.escalationCodeVariable] = caught.escalationCode ?? null;
  }
  return stored;
}
