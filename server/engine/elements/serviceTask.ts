import type { ModdleNode } from 'bpmn-moddle';
import { readName, splitTemplate } from '../../../src/core/template';
import { checkTemplate, elementError, readProperties } from '../parse/moddleNodes';
import type { ElementModule, NodeContext } from './elementModule';
import { externalBinding, readExternalTask } from './readExternalTask';
import { enterServiceTask, executeServiceTask } from './serviceTask.run';

/** Attributes that bind code; the engine binds a service task to a registered handler only. */
const codeBindingAttributes = ['class', 'expression', 'delegateExpression'] as const;

/**
 * An automatic step: runs the handler registered under its `camunda:type`, or, with
 * `type="external"` (Camunda) or `"external-worker"` (Flowable) and a `topic`, waits for a
 * worker outside the server to do it. Only the external kind waits, so only it may be
 * multi-instance or lie on a loop without a user task.
 */
export const serviceTask: ElementModule<'serviceTask'> = {
  kind: 'serviceTask',
  role: { activity: true, waits: (node) => node.kind === 'serviceTask' && !!node.external },
  attributes: new Set(['type', 'topic', ...codeBindingAttributes]),
  multiInstanceWhen: (element, reading) => externalBinding(element, reading) !== undefined,
  read(element, { base, multiInstance }, context) {
    const { errors } = context;
    const properties = readProperties(element, errors);
    const binding = externalBinding(element, context);
    if (binding !== undefined) {
      const external = readExternalTask(element, binding, context, properties);
      return {
        ...base,
        kind: 'serviceTask',
        external,
        properties: {},
        ...(multiInstance ? { multiInstance } : {}),
      };
    }
    for (const topic of context.extensions.attributes(element, ['topic'])) {
      errors.push(
        elementError(
          element,
          `${topic.qualified}="${topic.value}" names a worker topic, but only an external task has one (${topic.dialect}:type="${topic.dialect === 'flowable' ? 'external-worker' : 'external'}")`,
        ),
      );
    }
    const handler = readHandler(element, context);
    for (const [name, value] of Object.entries(properties)) {
      checkTemplate(element, `property '${name}'`, value, errors);
    }
    return { ...base, kind: 'serviceTask', handler, properties };
  },
  enter: enterServiceTask,
  execute: executeServiceTask,
};

/** The name a binding like `${creditCheck}` names: one placeholder holding a bare name. */
function boundName(value: string): string | null {
  const pieces = splitTemplate(value.trim(), readName);
  const [only] = pieces;
  return pieces.length === 1 && only?.kind === 'placeholder' ? only.expression : null;
}

/**
 * The handler a service task runs. `type` names it; `class`, `delegateExpression` and
 * `expression` bind code in Camunda, Flowable and Activiti, so they are accepted only when
 * they too name a registered handler (`class="creditCheck"`, `delegateExpression="${creditCheck}"`).
 */
function readHandler(element: ModdleNode, context: NodeContext): string {
  const { errors, extensions } = context;
  const bindings = extensions.attributes(element, ['type', ...codeBindingAttributes]);
  const names = new Set<string>();
  for (const binding of bindings) {
    const name =
      binding.local === 'type' || binding.local === 'class'
        ? binding.value.trim()
        : boundName(binding.value);
    if (name === null || !context.serviceHandlers.has(name)) {
      errors.push(
        elementError(
          element,
          binding.local === 'type'
            ? `no service handler named '${binding.value}' is registered`
            : `${binding.qualified} is not supported: '${binding.value}' binds code the engine cannot run; name a registered handler with ${binding.dialect}:type`,
        ),
      );
      continue;
    }
    names.add(name);
  }
  if (bindings.length === 0) {
    errors.push(
      elementError(
        element,
        'a service task must name its handler with camunda:type (or flowable:type, activiti:type), or be an external task with camunda:type="external" and a camunda:topic',
      ),
    );
  }
  if (names.size > 1) {
    errors.push(elementError(element, `names several service handlers (${[...names].join(', ')})`));
  }
  return [...names][0] ?? '';
}
