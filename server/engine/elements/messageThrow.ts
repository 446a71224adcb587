import type { ModdleNode } from 'bpmn-moddle';
import type { Reading } from '../parse/checkExtensions';
import { elementError } from '../parse/moddleNodes';

/**
 * The implementation attributes Camunda 7 reads on a message event definition of a throw or
 * end event. They are read here only to refuse them by name (see `refuseMessageThrow`).
 */
export const messageThrowAttributes: ReadonlySet<string> = new Set([
  'class',
  'delegateExpression',
  'expression',
  'type',
  'topic',
  'resultVariable',
  'taskPriority',
]);

/** What the author is told to model instead of a message throw. */
const useSendTask =
  'model a send task with camunda:type="external" and a camunda:topic (flowable:type="external-worker"), whose worker delivers the message';

/**
 * Refuses a message intermediate throw or end event by name. Without an implementation
 * Camunda and Flowable send nothing either; Tessera has no subscribers a thrown message could
 * be handed to (its webhooks are called by a person's button, its outbox is mail), so the
 * message would be lost without a word. Code bound to it (`class`, `delegateExpression`,
 * `expression`) is never run. An external send task is the supported way (docs/decisions.md,
 * "Message throw events").
 */
export function refuseMessageThrow(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): undefined {
  const bindings = read.extensions.attributes(definition, [
    'class',
    'delegateExpression',
    'expression',
    'type',
  ]);
  for (const binding of bindings) {
    read.errors.push(
      elementError(
        element,
        binding.local === 'type'
          ? `${binding.qualified}="${binding.value}" on a message throw event is not supported: ${useSendTask}`
          : `${binding.qualified} is not supported: '${binding.value}' binds code the engine cannot run; ${useSendTask}`,
      ),
    );
  }
  if (bindings.length === 0) {
    read.errors.push(
      elementError(
        element,
        `a message throw event is not supported: nothing here receives a thrown message, so it would be lost; ${useSendTask}`,
      ),
    );
  }
  return undefined;
}
