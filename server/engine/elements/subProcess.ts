import type { ElementModule } from './elementModule';

/**
 * An embedded sub-process: its own start event, run in a scope execution of its own. (With
 * `triggeredByEvent`, the parser reads it as an event sub-process instead.)
 */
export const subProcess: ElementModule<'subProcess'> = {
  kind: 'subProcess',
  role: { activity: true },
  scopedActivity: true,
  read(_element, { base, multiInstance }) {
    // The start event is found once every node is read (see attachBoundaryEvents).
    return {
      ...base,
      ...(multiInstance === null ? {} : { multiInstance }),
      kind: 'subProcess',
      startEventId: '',
    };
  },
};
