/** Jobs of one queue running now and waiting for a slot now. */
export interface QueueLoad {
  running: number;
  waiting: number;
}

/** Anything whose load can be read at any time. */
export interface MeasuredQueue {
  readonly load: QueueLoad;
}

interface Entry {
  name: string;
  queue: WeakRef<MeasuredQueue>;
}

const entries = new Set<Entry>();

/**
 * Lists a queue for the metrics under `name`. Queues are made where they are used (a route
 * plugin, a module), so they are found here rather than handed around; the reference is
 * weak, so a queue of a closed app (tests build many) drops out by itself.
 */
export function registerQueue(name: string, queue: MeasuredQueue): void {
  entries.add({ name, queue: new WeakRef(queue) });
}

/** The load of every listed queue by name, summed over the queues of one name. */
export function queueLoads(): Map<string, QueueLoad> {
  const loads = new Map<string, QueueLoad>();
  for (const entry of entries) {
    const queue = entry.queue.deref();
    if (!queue) {
      entries.delete(entry);
      continue;
    }
    const { running, waiting } = queue.load;
    const sum = loads.get(entry.name) ?? { running: 0, waiting: 0 };
    loads.set(entry.name, { running: sum.running + running, waiting: sum.waiting + waiting });
  }
  return loads;
}
