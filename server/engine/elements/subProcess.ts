import type { ElementModule } from './elementModule';

/**
 * An embedded sub-process: its own start event, run in a scope execution of its own. (With
 * `triggeredByEvent`, the parser reads it as an event sub-process instead.) A `<transaction>`
 * is read as one, marked: its cancel end event compensates what completed inside it and
 * leaves it over its cancel boundary event.
 */
export const subProcess: ElementModule<'subProcess'> = {
  kind: 'subProcess',
  role: { activity: true },
  scopedActivity: true,
  read(element, { base, multiInstance }) {
    // The start event is found once every node is read (see attachBoundaryEvents).
    return {
      ...base,
      ...(multiInstance === null ? {} : { multiInstance }),
      kind: 'subProcess',
      startEventId: '',
      ...(element.$type === 'bpmn:Transaction' ? { transaction: true } : {}),
    };
  },
  enter: (node, token, run) => run.enterActivity(token, node),
  async execute(node, token, run) {
    await run.park(token, 'scope');
    await run.openScope(token, node.startEventId);
  },
};
