import type { ModdleNode } from 'bpmn-moddle';
import type { DeployError } from '../engineErrors';
import { isTemplate } from '../expressions/parseTemplate';
import type {
  CompensationModel,
  EscalationModel,
  EventTrigger,
  SignalModel,
  SignalScope,
  TimerModel,
} from '../processModel';
import { isValidTimerText } from '../runner/timerSchedule';
import type { Reading } from './checkExtensions';
import { checkTemplate, elementError, text } from './moddleNodes';

/**
 * Error codes written straight into `errorRef` (Flowable reads an errorRef that names no
 * `<error>` as the code itself), by the event definition that holds them.
 */
const bareErrorCodes = new WeakMap<object, string>();

/**
 * A reader warning that an `errorRef` names no declared error: kept as the error code, as
 * Flowable does, and not a refusal.
 */
export function isBareErrorCode(warning: Error): boolean {
  const { element, property, value } = warning as {
    element?: { $type?: unknown };
    property?: unknown;
    value?: unknown;
  };
  if (
    element?.$type !== 'bpmn:ErrorEventDefinition' ||
    property !== 'bpmn:errorRef' ||
    typeof value !== 'string'
  ) {
    return false;
  }
  bareErrorCodes.set(element, value);
  return true;
}

/** What a catch, boundary, start, throw or end event's definition waits for or throws. */
export function readTrigger(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): EventTrigger | undefined {
  const { errors } = read;
  switch (definition.$type) {
    case 'bpmn:MessageEventDefinition': {
      const message = definition.messageRef as ModdleNode | undefined;
      const messageName = message ? (text(message, 'name') ?? text(message, 'id')) : null;
      if (messageName === null || messageName.trim() === '') {
        errors.push(elementError(element, 'a message event needs a messageRef to a named message'));
        return undefined;
      }
      return { type: 'message', messageName };
    }
    case 'bpmn:ErrorEventDefinition': {
      const error = definition.errorRef as ModdleNode | undefined;
      const errorCode = error
        ? (text(error, 'errorCode') ?? text(error, 'id'))
        : (bareErrorCodes.get(definition) ?? null);
      return { type: 'error', errorCode };
    }
    case 'bpmn:EscalationEventDefinition': {
      const escalationCode = readEscalationCode(element, definition, read);
      return escalationCode === undefined ? undefined : { type: 'escalation', escalationCode };
    }
    case 'bpmn:SignalEventDefinition': {
      const signal = readSignal(element, definition, read);
      return signal ? { type: 'signal', ...signal } : undefined;
    }
    case 'bpmn:LinkEventDefinition': {
      const linkName = text(definition, 'name')?.trim() ?? '';
      if (linkName === '') {
        errors.push(
          elementError(element, 'a link event needs a name, which pairs its throw and catch'),
        );
        return undefined;
      }
      return { type: 'link', linkName };
    }
    case 'bpmn:TimerEventDefinition': {
      const timer = readTimer(element, definition, errors);
      return timer ? { type: 'timer', timer } : undefined;
    }
    case 'bpmn:CompensateEventDefinition':
      // The handler is the target of the boundary event's association, found once every
      // node is read (resolveCompensation).
      return { type: 'compensation', handler: '' };
    case 'bpmn:CancelEventDefinition':
      return { type: 'cancel' };
    default:
      errors.push(elementError(element, `${definition.$type} is not supported`));
      return undefined;
  }
}

/**
 * The code an escalation event definition names: its `escalationRef`'s `escalationCode`, or
 * null (a catcher without one catches any escalation). A code computed by an expression is
 * refused: catchers are found by a fixed code.
 */
function readEscalationCode(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): string | null | undefined {
  const escalation = definition.escalationRef as ModdleNode | undefined;
  const code = escalation ? text(escalation, 'escalationCode') : null;
  if (code === null || code.trim() === '') return null;
  if (/[$#]\{/.test(code)) {
    read.errors.push(
      elementError(
        element,
        `the escalation code '${code}' is an expression, which is not supported: catchers are found by a fixed code`,
      ),
    );
    return undefined;
  }
  return code;
}

/**
 * The escalation an intermediate throw or end event raises: it must name one with a code,
 * since a catcher may wait for that code.
 */
export function readThrownEscalation(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): EscalationModel | undefined {
  const trigger = readTrigger(element, definition, read);
  if (trigger?.type !== 'escalation') return undefined;
  if (trigger.escalationCode === null) {
    read.errors.push(
      elementError(
        element,
        'an escalation throw or end event needs an escalationRef to an escalation with an escalationCode',
      ),
    );
    return undefined;
  }
  return { escalationCode: trigger.escalationCode };
}

/**
 * What a compensation throw or end event compensates: `activityRef` (an activity of its
 * scope with a compensation boundary event, checked once every node is read) or every
 * activity of the scope, and `waitForCompletion` (true unless written false).
 */
export function readThrownCompensation(definition: ModdleNode): CompensationModel {
  const activity = definition.activityRef as ModdleNode | undefined;
  return {
    activityRef: activity ? text(activity, 'id') : null,
    waitForCompletion: definition.waitForCompletion !== false,
  };
}

/** Exactly one of timeDuration, timeDate, timeCycle: an ISO text or a `${...}` giving one. */
function readTimer(
  element: ModdleNode,
  definition: ModdleNode,
  errors: DeployError[],
): TimerModel | undefined {
  const kinds = [
    ['duration', 'timeDuration'],
    ['date', 'timeDate'],
    ['cycle', 'timeCycle'],
  ] as const;
  const given = kinds.filter(([, property]) => definition[property] !== undefined);
  const [first] = given;
  if (first === undefined || given.length > 1) {
    errors.push(
      elementError(element, 'a timer needs exactly one of timeDuration, timeDate or timeCycle'),
    );
    return undefined;
  }
  const [type, property] = first;
  const value = (text(definition[property] as ModdleNode, 'body') ?? '').trim();
  const parts = checkTemplate(element, property, value, errors);
  if (parts !== undefined && !isTemplate(parts) && !isValidTimerText(type, value)) {
    errors.push(elementError(element, `${property} '${value}' is not a valid ISO ${type}`));
    return undefined;
  }
  return { type, value };
}

/** The scopes a `<signal>` may name in Flowable's and Activiti's `scope` attribute. */
const signalScopes: ReadonlySet<string> = new Set<SignalScope>(['global', 'processInstance']);

/**
 * The signal a signal event definition names: its `signalRef`'s name (the id when it has
 * none) and Flowable's `scope` on the `<signal>` (`global`, the default, or
 * `processInstance`). A name computed by an expression is refused: waits are found by name.
 */
function readSignal(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): SignalModel | undefined {
  const signal = definition.signalRef as ModdleNode | undefined;
  const signalName = signal ? (text(signal, 'name') ?? text(signal, 'id')) : null;
  if (signal === undefined || signalName === null || signalName.trim() === '') {
    read.errors.push(elementError(element, 'a signal event needs a signalRef to a named signal'));
    return undefined;
  }
  if (/[$#]\{/.test(signalName)) {
    read.errors.push(
      elementError(
        element,
        `the signal name '${signalName}' is an expression, which is not supported: waits are found by a fixed name`,
      ),
    );
    return undefined;
  }
  const scope = read.extensions.attribute(signal, 'scope', (message) => {
    read.errors.push(elementError(element, message));
  });
  if (scope !== null && !signalScopes.has(scope.value)) {
    read.errors.push(
      elementError(
        element,
        `${scope.qualified}="${scope.value}" on signal '${signalName}' is not supported: the scope is global or processInstance`,
      ),
    );
    return undefined;
  }
  return { signalName, scope: (scope?.value ?? 'global') as SignalScope };
}
