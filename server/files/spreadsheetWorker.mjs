// Reads one uploaded spreadsheet on a thread of its own, so a hostile file costs this thread
// and never the server's: the main thread gives it a heap limit and a wall-time limit and
// ends it when either is passed. It answers plain data only (arrays of strings), which the
// structured clone of postMessage copies without any prototype. Plain JavaScript, so the
// same file runs from the source tree and, bundled, next to the server bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import * as XLSX from 'xlsx';

/** @type {{ maxUncompressedBytes: number, maxRows: number, maxCells: number, previewRows: number, maxEntries: number, maxCellLength: number }} */
const limits = workerData;

/** A refusal the main thread turns into the file's error: a FileRefusal code and its params. */
class Refusal extends Error {
  /** @param {string} code @param {Record<string, unknown>} params */
  constructor(code, params = {}) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

/**
 * Sums what the zip's central directory says its entries unpack to, before anything is
 * unpacked: a zip bomb is refused on its own word. (A file that lies in its directory is
 * refused by `checkUnpackedBytes`, and the heap and time limits stay as a last guard.)
 * @param {Uint8Array} bytes
 */
function checkZipDirectory(bytes) {
  let unpacked = 0;
  let entries = 0;
  try {
    // The filter sees each entry's directory record and, answering false, unpacks nothing.
    unzipSync(bytes, {
      filter(entry) {
        unpacked += entry.originalSize;
        entries += 1;
        return false;
      },
    });
  } catch {
    throw new Refusal('file.unreadable');
  }
  if (entries > limits.maxEntries) {
    throw new Refusal('spreadsheet.tooLarge', { entries, limit: limits.maxEntries });
  }
  if (unpacked > limits.maxUncompressedBytes) {
    throw new Refusal('spreadsheet.tooLarge', { unpacked, limit: limits.maxUncompressedBytes });
  }
}

/** How much of the zip is inflated at a time: deflate grows a byte to at most about 1 KB. */
const INFLATE_STEP_BYTES = 16 * 1024;

/**
 * Unpacks every entry once, a step of the file at a time, counting what comes out and
 * stopping at the first step that passes the limit: a file whose directory lies about its
 * sizes is refused for what it really holds, whatever the machine's speed. The heap and
 * time limits of the thread stay as the last guard.
 * @param {Uint8Array} bytes
 */
function checkUnpackedBytes(bytes) {
  let unpacked = 0;
  /** @type {Refusal | null} */
  let refusal = null;
  // fflate hands an error thrown here back to the same callback, so the verdict is kept
  // aside and the entry ended instead.
  const unzip = new Unzip((entry) => {
    entry.ondata = (error, chunk) => {
      if (refusal) return;
      if (error) {
        refusal = new Refusal('file.unreadable');
        return;
      }
      unpacked += chunk.length;
      if (unpacked > limits.maxUncompressedBytes) {
        refusal = new Refusal('spreadsheet.tooLarge', {
          unpacked,
          limit: limits.maxUncompressedBytes,
        });
        entry.terminate();
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !refusal; offset += INFLATE_STEP_BYTES) {
      const end = Math.min(bytes.length, offset + INFLATE_STEP_BYTES);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch {
    refusal ??= new Refusal('file.unreadable');
  }
  if (refusal) throw refusal;
}

/** The own property names of Object.prototype, to notice a parse that added one. */
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/**
 * The first sheet's rows as text, each cell as the sheet shows it or null when empty.
 * @param {Uint8Array} bytes
 */
function readFirstSheet(bytes) {
  let workbook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      sheets: 0,
      // One row past the limit is enough to know the limit is passed.
      sheetRows: limits.maxRows + 1,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    throw new Refusal('file.unreadable');
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (!sheet) return { sheetName: sheetName ?? '', rowCount: 0, columnCount: 0, rows: [] };
  const extent = sheet['!fullref'] ?? sheet['!ref'];
  if (extent) {
    const range = XLSX.utils.decode_range(extent);
    const rowSpan = range.e.r - range.s.r + 1;
    const columnSpan = range.e.c - range.s.c + 1;
    if (rowSpan > limits.maxRows) {
      throw new Refusal('spreadsheet.tooManyCells', { rows: rowSpan, limit: limits.maxRows });
    }
    if (rowSpan * columnSpan > limits.maxCells) {
      throw new Refusal('spreadsheet.tooManyCells', {
        cells: rowSpan * columnSpan,
        limit: limits.maxCells,
      });
    }
  }
  /** @type {unknown[][]} */
  const raw = XLSX.utils.sheet_to_json(sheet, {
    header: 1,
    raw: false,
    defval: null,
    blankrows: false,
  });
  // Fresh arrays of strings and nulls: nothing of the parser's objects leaves this thread.
  const rows = raw.map((row) =>
    Array.from(row, (cell) =>
      typeof cell === 'string' && cell !== '' ? cell.slice(0, limits.maxCellLength) : null,
    ),
  );
  const columnCount = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  return {
    sheetName: String(sheetName),
    rowCount: rows.length,
    columnCount,
    rows: rows.slice(0, limits.previewRows),
  };
}

parentPort.on('message', (/** @type {ArrayBuffer} */ buffer) => {
  try {
    const bytes = new Uint8Array(buffer);
    const before = prototypeKeys();
    checkZipDirectory(bytes);
    checkUnpackedBytes(bytes);
    const summary = readFirstSheet(bytes);
    // A parser that wrote onto Object.prototype read a hostile file: refuse it, and the
    // thread ends with it, so nothing it touched is used again.
    if (prototypeKeys() !== before || Object.prototype.polluted !== undefined) {
      throw new Refusal('file.unreadable', { reason: 'prototype' });
    }
    parentPort.postMessage({ type: 'done', summary });
  } catch (error) {
    if (error instanceof Refusal) {
      parentPort.postMessage({ type: 'refused', code: error.code, params: error.params });
    } else {
      parentPort.postMessage({ type: 'refused', code: 'file.unreadable', params: {} });
    }
  }
});

parentPort.postMessage({ type: 'ready' });
