import { elementError } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';
import { externalBinding } from './readExternalTask';
import { serviceTask } from './serviceTask';

/**
 * A send task: sending is work done outside the server, so only an external one is run
 * (Camunda's `camunda:type="external"`, Flowable's `flowable:type="external-worker"`, with a
 * `topic`): a worker fetches it, delivers the message and completes it, and the token waits
 * until then, exactly as at an external service task. Anything else would send nothing:
 * refused by name, code bindings (`class`, `delegateExpression`, `expression`) included.
 */
export const sendTask: ElementModule<'serviceTask'> = {
  ...serviceTask,
  read(element, reading, context) {
    if (externalBinding(element, context) === undefined) {
      const bindings = context.extensions.attributes(element, [
        'class',
        'delegateExpression',
        'expression',
        'type',
      ]);
      const named = bindings.map((binding) => `${binding.qualified}="${binding.value}"`);
      context.errors.push(
        elementError(
          element,
          `${named.length > 0 ? `${named.join(', ')} is not supported on a send task` : 'a send task without an implementation is not supported'}: the server delivers no messages itself; make it an external task with camunda:type="external" and a camunda:topic (flowable:type="external-worker"), whose worker sends the message`,
        ),
      );
      return undefined;
    }
    return serviceTask.read(element, reading, context);
  },
};
