import { elementError } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';

/** An embedded sub-process: its own start event, run in a scope execution of its own. */
export const subProcess: ElementModule<'subProcess'> = {
  kind: 'subProcess',
  role: { activity: true },
  scopedActivity: true,
  read(element, { base, multiInstance }, { errors }) {
    if (element.triggeredByEvent === true) {
      errors.push(elementError(element, 'event sub-processes are not supported'));
    }
    // The start event is found once every node is read (see attachBoundaryEvents).
    return {
      ...base,
      ...(multiInstance === null ? {} : { multiInstance }),
      kind: 'subProcess',
      startEventId: '',
    };
  },
};
