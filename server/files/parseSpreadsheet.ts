import { Worker } from 'node:worker_threads';
import {
  FileRefusal,
  SPREADSHEET_PREVIEW_ROWS,
  type SpreadsheetSummary,
} from '../../schemas/api/files';
import type { SpreadsheetLimits } from './fileStoreConfig';

/** Longest text kept of one cell; a field's table shows far less. */
const MAX_CELL_LENGTH = 1_000;

/** Most entries a spreadsheet's zip may list (a workbook has tens). */
const MAX_ZIP_ENTRIES = 10_000;

/**
 * Time the worker may take to load the parser before the file is handed over. Generous: it
 * is the machine's load, not the file, that decides it, and the file's own limit starts only
 * once the parser is ready.
 */
const WORKER_START_MS = 60_000;

/** Parses at once; more wait their turn (two cores, and each parse may use one for 2 s). */
const PARALLEL_PARSES = 2;

/** What the worker answers (see spreadsheetWorker.mjs). */
type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; summary: SpreadsheetSummary }
  | { type: 'refused'; code: FileRefusal; params: Record<string, unknown> };

/** The outcome of reading a spreadsheet: its summary, or why it was refused. */
export type SpreadsheetOutcome =
  | { ok: true; summary: SpreadsheetSummary }
  | { ok: false; code: FileRefusal; params: Record<string, unknown> };

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when fewer than PARALLEL_PARSES parses are running. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** One worker, one file: started, handed the bytes once ready, ended in every case. */
function parseInWorker(content: Buffer, limits: SpreadsheetLimits): Promise<SpreadsheetOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./spreadsheetWorker.mjs', import.meta.url), {
      workerData: {
        maxUncompressedBytes: limits.maxUncompressedBytes,
        maxRows: limits.maxRows,
        maxCells: limits.maxCells,
        previewRows: SPREADSHEET_PREVIEW_ROWS,
        maxEntries: MAX_ZIP_ENTRIES,
        maxCellLength: MAX_CELL_LENGTH,
      },
      // Plain JavaScript: none of the process's own flags (loaders, eval input) apply to it.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    let timer = setTimeout(() => finish(refused(FileRefusal.spreadsheetTooSlow)), WORKER_START_MS);
    const finish = (outcome: SpreadsheetOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      void worker.terminate();
    };
    const refused = (
      code: FileRefusal,
      params: Record<string, unknown> = {},
    ): SpreadsheetOutcome => ({
      ok: false,
      code,
      params,
    });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        timer = setTimeout(
          () => finish(refused(FileRefusal.spreadsheetTooSlow, { limitMs: limits.timeMs })),
          limits.timeMs,
        );
        // A copy is handed over, so the caller's buffer stays whole for storing.
        const copy = content.buffer.slice(
          content.byteOffset,
          content.byteOffset + content.byteLength,
        );
        worker.postMessage(copy, [copy as ArrayBuffer]);
      } else if (message.type === 'done') {
        finish({ ok: true, summary: message.summary });
      } else {
        finish(refused(message.code, message.params));
      }
    });
    // The heap limit ends the worker with an error: the file unpacked to more than it said.
    worker.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? refused(FileRefusal.spreadsheetTooLarge, { heapMb: limits.heapMb })
          : refused(FileRefusal.unreadable),
      ),
    );
    worker.on('exit', () => finish(refused(FileRefusal.unreadable)));
  });
}

/**
 * Reads an xlsx file's first sheet in a worker thread with limits on the unpacked size (from
 * the zip's directory, before unpacking), rows, cells, heap and wall time (the worker is
 * ended when the time is up), so a zip bomb, a huge sheet or a parser bug costs at most that
 * thread. The rows come back as fresh arrays of strings and nulls.
 */
export function parseSpreadsheet(
  content: Buffer,
  limits: SpreadsheetLimits,
): Promise<SpreadsheetOutcome> {
  return inTurn(() => parseInWorker(content, limits));
}
