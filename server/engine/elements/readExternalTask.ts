import type { ModdleNode } from 'bpmn-moddle';
import type { Reading } from '../parse/checkExtensions';
import type { ExtensionAttribute } from '../parse/extensionDialects';
import { elementError } from '../parse/moddleNodes';
import type { ExternalTaskModel } from '../processModel';

/**
 * The `type` values that hand a service task to a worker outside the server: Camunda's
 * `external` and Flowable's `external-worker`. Each is read in every dialect, as the other
 * attributes are, so neither can name a registered handler.
 */
export const EXTERNAL_TASK_TYPES: ReadonlySet<string> = new Set(['external', 'external-worker']);

/** The longest topic: workers send it back with every fetch. */
export const EXTERNAL_TOPIC_MAX_LENGTH = 100;

/**
 * A topic is a plain name a worker subscribes to. An expression would make the set of
 * topics depend on the data, so no worker could know what to fetch.
 */
export const EXTERNAL_TOPIC_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Attributes that bind code in the server, which an external task never runs. */
const codeBindings = ['class', 'expression', 'delegateExpression'] as const;

/** The `type` attribute (any dialect) that makes the element an external task, if one does. */
export function externalBinding(
  element: ModdleNode,
  read: Reading,
): ExtensionAttribute | undefined {
  return read.extensions
    .attributes(element, ['type'])
    .find((attribute) => EXTERNAL_TASK_TYPES.has(attribute.value.trim()));
}

/**
 * What an external service task is offered under: its `topic` (any dialect). Refused: no
 * topic, a topic that is not a plain name, code bound beside the external type, and
 * `camunda:property` entries (a worker is handed the process variables, not properties).
 */
export function readExternalTask(
  element: ModdleNode,
  binding: ExtensionAttribute,
  read: Reading,
  properties: Readonly<Record<string, string>>,
): ExternalTaskModel {
  const { errors, extensions } = read;
  const fail = (message: string): void => {
    errors.push(elementError(element, message));
  };
  // Two dialects naming different types is a conflict, whichever of them is external.
  extensions.attribute(element, 'type', fail);
  for (const code of extensions.attributes(element, codeBindings)) {
    fail(
      `${code.qualified} binds code, but ${binding.qualified}="${binding.value}" hands the task to a worker outside the server; keep one`,
    );
  }
  const names = Object.keys(properties);
  if (names.length > 0) {
    fail(
      `an external task hands its worker the process variables; its properties (${names.join(', ')}) would reach nobody`,
    );
  }
  const topic = extensions.attribute(element, 'topic', fail);
  const value = topic?.value.trim() ?? '';
  if (topic === null || value === '') {
    fail(
      `${binding.qualified}="${binding.value}" needs a topic: name the work its workers fetch with ${binding.dialect}:topic`,
    );
  } else if (!EXTERNAL_TOPIC_PATTERN.test(value)) {
    const why = value.includes('${')
      ? 'a topic is a plain name, not an expression'
      : `a topic is a plain name of letters, digits and - _ . : (at most ${EXTERNAL_TOPIC_MAX_LENGTH} characters)`;
    fail(`${topic.qualified} '${topic.value}' is refused: ${why}`);
  }
  return { topic: value };
}
