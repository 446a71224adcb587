import { elementError, text } from '../parse/moddleNodes';
import type { ModdleNode } from 'bpmn-moddle';
import type { ElementModule } from './elementModule';

/**
 * A receive task: the token waits in it for the message its `messageRef` names, reached by
 * message correlation exactly as an intermediate message catch event is (the integration
 * API's messages too). As an activity it may be multi-instance (one wait per item) and carry
 * boundary events. Without a `messageRef` it is refused: nothing could address it.
 */
export const receiveTask: ElementModule<'receiveTask'> = {
  kind: 'receiveTask',
  role: { activity: true, waits: true },
  scopedActivity: true,
  read(element, { base, multiInstance }, context) {
    const message = element.messageRef as ModdleNode | undefined;
    const messageName = message ? (text(message, 'name') ?? text(message, 'id')) : null;
    if (messageName === null || messageName.trim() === '') {
      context.errors.push(
        elementError(
          element,
          'a receive task needs a messageRef to a named message: it waits for that message, and without one nothing can reach it',
        ),
      );
      return undefined;
    }
    return {
      ...base,
      ...(multiInstance === null ? {} : { multiInstance }),
      kind: 'receiveTask',
      messageName,
    };
  },
  enter: (node, token, run) => run.enterActivity(token, node),
  async execute(node, token, run) {
    // The same wait as an intermediate message catch event's, so correlation reaches it.
    await run.park(token, 'active');
    await run.subscribe(token.id, node.id, 'message', node.messageName);
  },
  async caught(node, executionId, run) {
    const row = await run.execution(executionId);
    if (row === undefined || row.element_id !== node.id) return false;
    // An item's wait is its own: a completed item leaves no wait behind for the next message.
    await run.disarm(row.id, [node.id]);
    await run.history('eventCaught', { elementId: node.id, type: 'message' });
    await run.completeActivity(run.tokenOf(row));
    return true;
  },
};
