import type { IntegerSetting } from '../files/fileStoreConfig';

/** How many documents are made at once and how many may wait (see GenerationQueue). */
export interface DocumentConfig {
  /** Documents filled at the same time. */
  concurrency: number;
  /** Requests that may wait for a free slot; one more is answered SERVER_TOO_BUSY. */
  queueLength: number;
  /** A generated document nobody fetched is removed after this many minutes. */
  keepMinutes: number;
}

/**
 * The documents' settings from the environment: DOCUMENT_CONCURRENCY (2), DOCUMENT_QUEUE_LENGTH
 * (20), DOCUMENT_KEEP_MINUTES (60). Filling runs on the server's own thread, so a small
 * number of slots keeps the API answering while a burst of generations waits its turn.
 */
export function loadDocumentConfig(integer: IntegerSetting): DocumentConfig {
  return {
    concurrency: integer('DOCUMENT_CONCURRENCY', 2, 1),
    queueLength: integer('DOCUMENT_QUEUE_LENGTH', 20, 0),
    keepMinutes: integer('DOCUMENT_KEEP_MINUTES', 60, 1),
  };
}
