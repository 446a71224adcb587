import { FileRefusal } from '../../schemas/api/files';
import { JobQueue } from '../workers/JobQueue';
import { runInWorker, WorkerLimitError } from '../workers/runInWorker';
import type { SpreadsheetLimits } from './fileStoreConfig';
import type { SpreadsheetOutcome } from './readSpreadsheet';

export type { SpreadsheetOutcome } from './readSpreadsheet';

/** Parses at once; more wait their turn (two cores, and each parse may use one for 2 s). */
const PARALLEL_PARSES = 2;

/** Uploads waiting for a parse are bounded by the upload limits, not here. */
const parses = new JobQueue(PARALLEL_PARSES, Number.MAX_SAFE_INTEGER, 'spreadsheet_parses');

/**
 * Reads an xlsx file's first sheet on a job thread (readSpreadsheet.ts) with limits on the
 * bytes it really unpacks to, rows, cells, heap and wall time (the thread is ended when the
 * time is up), so a zip bomb, a huge sheet or a parser bug costs at most that thread. A
 * limit passed is the file's refusal: time spreadsheetTooSlow, heap spreadsheetTooLarge.
 */
export function parseSpreadsheet(
  content: Buffer,
  limits: SpreadsheetLimits,
): Promise<SpreadsheetOutcome> {
  return parses.run(async () => {
    try {
      return await runInWorker(
        { job: 'readSpreadsheet', input: { content, limits } },
        { timeMs: limits.timeMs, heapMb: limits.heapMb },
      );
    } catch (error) {
      if (error instanceof WorkerLimitError) {
        return error.limit === 'time'
          ? { ok: false, code: FileRefusal.spreadsheetTooSlow, params: { limitMs: limits.timeMs } }
          : { ok: false, code: FileRefusal.spreadsheetTooLarge, params: { heapMb: limits.heapMb } };
      }
      return { ok: false, code: FileRefusal.unreadable, params: {} };
    }
  });
}
