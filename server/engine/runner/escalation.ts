import { catchesCode, findCatcher, type Catcher, type CatcherSearch } from './findCatcher';

/** An escalation on its way to a catcher: its code and the element that raised it. */
export interface ThrownEscalation {
  readonly escalationCode: string;
  readonly elementId: string;
}

/** What raising an escalation asks of the runner of the instance it is raised in. */
export interface EscalationRunner extends CatcherSearch {
  history(event: string, payload: Record<string, unknown>): Promise<void>;
  /** Starts the catcher found: fires the boundary event or starts the event sub-process. */
  catchWith(catcher: Catcher, caught: { readonly escalationCode: string }): Promise<void>;
  /** Whether a call activity of another instance started this one. */
  isCalled(): Promise<boolean>;
  /** Hands the escalation to the instance that called this one, once this one is saved. */
  forwardToCaller(escalation: ThrownEscalation): void;
}

/**
 * Raises an escalation (BPMN 2.0, as Camunda 7 propagates it): the nearest catcher from the
 * throwing scope outwards takes it (an event sub-process of a scope before a boundary event
 * on the activity around it), interrupting or not as it says; caught by none, it goes on to
 * the call activity that started this instance. Caught nowhere, nothing happens: unlike an
 * error, an escalation needs no catcher, and the throw event's path goes on or ends as its
 * kind says.
 */
export async function raiseEscalation(
  from: string | null,
  escalation: ThrownEscalation,
  runner: EscalationRunner,
): Promise<void> {
  await runner.history('escalationThrown', {
    elementId: escalation.elementId,
    escalationCode: escalation.escalationCode,
  });
  await catchEscalation(from, escalation, runner);
}

/**
 * Gives an escalation to its nearest catcher from `from` outwards (an escalation raised in
 * a called instance starts at the call activity's execution).
 */
export async function catchEscalation(
  from: string | null,
  escalation: ThrownEscalation,
  runner: EscalationRunner,
): Promise<void> {
  const { escalationCode } = escalation;
  const catcher = await findCatcher(from, catchesCode('escalation', escalationCode), runner);
  if (catcher !== undefined) {
    await runner.catchWith(catcher, { escalationCode });
    return;
  }
  if (await runner.isCalled()) {
    runner.forwardToCaller(escalation);
    return;
  }
  await runner.history('escalationNotCaught', { escalationCode });
}
