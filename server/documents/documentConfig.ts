import type { IntegerSetting } from '../files/fileStoreConfig';
import type { WorkerLimits } from '../workers/runInWorker';

/**
 * How many documents are made at once and how many may wait (see GenerationQueue), and the
 * limits of the threads that fill templates and build the records download.
 */
export interface DocumentConfig {
  /** Documents filled at the same time. */
  concurrency: number;
  /** Requests that may wait for a free slot; one more is answered SERVER_TOO_BUSY. */
  queueLength: number;
  /** A generated document nobody fetched is removed after this many minutes. */
  keepMinutes: number;
  /**
   * Time and heap of one template check or fill; past either, the template is refused.
   * Left out (a test's own settings), {@link DEFAULT_FILL_LIMITS} apply.
   */
  fill?: WorkerLimits;
  /** Time and heap of building one records download; {@link DEFAULT_EXPORT_LIMITS} if left out. */
  export?: WorkerLimits;
}

/** A fill's limits unless DOCUMENT_FILL_TIME_MS or DOCUMENT_FILL_HEAP_MB say otherwise. */
export const DEFAULT_FILL_LIMITS: WorkerLimits = { timeMs: 15_000, heapMb: 256 };

/** A records download's limits unless RECORDS_EXPORT_TIME_MS or RECORDS_EXPORT_HEAP_MB say otherwise. */
export const DEFAULT_EXPORT_LIMITS: WorkerLimits = { timeMs: 180_000, heapMb: 2_048 };

/**
 * The documents' settings from the environment: DOCUMENT_CONCURRENCY (2), DOCUMENT_QUEUE_LENGTH
 * (20), DOCUMENT_KEEP_MINUTES (60), DOCUMENT_FILL_TIME_MS (15,000), DOCUMENT_FILL_HEAP_MB (256),
 * RECORDS_EXPORT_TIME_MS (180,000) and RECORDS_EXPORT_HEAP_MB (2,048). Filling and exporting
 * run on threads of their own; the slots bound how many cores and heaps they take at once.
 * The export's limits leave room for the 100,000-row cap (about 45 s on a loaded two-core
 * machine, some 1.2 GB of heap); a fill is small work unless its loops multiply.
 */
export function loadDocumentConfig(integer: IntegerSetting): DocumentConfig {
  return {
    concurrency: integer('DOCUMENT_CONCURRENCY', 2, 1),
    queueLength: integer('DOCUMENT_QUEUE_LENGTH', 20, 0),
    keepMinutes: integer('DOCUMENT_KEEP_MINUTES', 60, 1),
    fill: {
      timeMs: integer('DOCUMENT_FILL_TIME_MS', DEFAULT_FILL_LIMITS.timeMs, 100),
      heapMb: integer('DOCUMENT_FILL_HEAP_MB', DEFAULT_FILL_LIMITS.heapMb, 64),
    },
    export: {
      timeMs: integer('RECORDS_EXPORT_TIME_MS', DEFAULT_EXPORT_LIMITS.timeMs, 1_000),
      heapMb: integer('RECORDS_EXPORT_HEAP_MB', DEFAULT_EXPORT_LIMITS.heapMb, 128),
    },
  };
}
