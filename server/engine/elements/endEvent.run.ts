import { compiledTemplate } from '../expressions/compiledTemplate';
import { renderTemplate } from '../expressions/parseTemplate';
import type { EndEventNode } from '../processModel';
import type { RunContext, Token } from '../runner/runContext';

/**
 * A token reaches an end event: a cancel event cancels its transaction, a compensation,
 * escalation or signal event throws before the path ends, an error event throws to the
 * nearest catcher, a terminate event ends its scope (or the instance, or every item of a
 * multi-instance activity); a none end event ends the path.
 */
export async function enterEndEvent(node: EndEventNode, token: Token, run: RunContext) {
  if (node.cancel) {
    await run.cancelTransaction(token, node.id);
    return;
  }
  if (node.compensation) {
    const waits = await run.compensate(token, node.id, node.compensation);
    if (!waits) await run.endPath(token);
    return;
  }
  if (node.escalation) {
    await run.raise(token, node.id, node.escalation);
    if (!run.isRemoved(token.id)) await run.endPath(token);
    return;
  }
  if (node.signal) {
    await run.throwSignal(node.id, node.signal);
    if (!run.isRemoved(token.id)) await run.endPath(token);
    return;
  }
  if (node.throwsError) {
    const errorMessage = node.errorMessage
      ? renderTemplate(
          compiledTemplate(node.errorMessage),
          await run.scopeVariables(token.parentId, token.id),
          run.at,
        )
      : null;
    await run.deleteExecutions([token.id]);
    const caught = await run.propagateError(token.parentId, {
      errorCode: node.errorCode ?? null,
      errorMessage,
    });
    if (!caught && token.parentId !== null) await run.scopeDoneIfEmpty(token.parentId);
    return;
  }
  if (node.terminate) {
    await terminate(node, token, run);
    return;
  }
  await run.endPath(token);
}

async function terminate(node: EndEventNode, token: Token, run: RunContext): Promise<void> {
  await run.history('terminated', { elementId: node.id });
  if (node.terminateAll) {
    await run.terminateAll();
    return;
  }
  const multiInstance = node.terminateMultiInstance
    ? await run.enclosingMultiInstance(token.parentId)
    : undefined;
  if (multiInstance !== undefined) {
    // Every item ends, this one with it; the activity completes and the path goes on.
    await run.cancelChildren(multiInstance.id, 'terminated');
    await run.leaveMultiInstance(multiInstance.id);
    return;
  }
  if (token.parentId === null) {
    await run.terminate('terminated');
    return;
  }
  // Inside a sub-process a terminate end event ends that sub-process only.
  await run.cancelChildren(token.parentId, 'terminated');
  await run.scopeDone(token.parentId);
}
