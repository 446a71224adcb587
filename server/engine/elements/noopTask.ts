import type { ElementModule } from './elementModule';

/** A plain `task` or `manualTask`: as in Flowable, no behaviour of its own; the token passes. */
export const noopTask: ElementModule<'noopTask'> = {
  kind: 'noopTask',
  role: { activity: true },
  read(_element, { base }) {
    return { ...base, kind: 'noopTask' };
  },
  enter: (node, token, run) => run.moveOn(token, node),
};
