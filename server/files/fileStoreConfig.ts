/** Limits of reading a spreadsheet on the server (each one refuses the file when passed). */
export interface SpreadsheetLimits {
  /**
   * Bytes the zip's entries may unpack to together, counted as they are inflated (never the
   * sizes its directory declares, which a hostile file can set to anything).
   */
  maxUncompressedBytes: number;
  /** Rows of the first sheet, header included. */
  maxRows: number;
  /** Cells of the first sheet (rows times columns of its used range). */
  maxCells: number;
  /** Wall time of the parse itself, from the file's arrival in the worker to its answer. */
  timeMs: number;
  /** Heap of the worker thread, in MiB: what parsing a file within the other limits may take. */
  heapMb: number;
}

/** The file store's settings, read from the environment with the rest of the configuration. */
export interface FileStoreConfig {
  /** An upload no saved form value names is removed after this many hours. */
  unclaimedHours: number;
  /** How often the clean-up runs, in minutes. */
  sweepMinutes: number;
  /** Images with more pixels are refused before they are decoded. */
  maxImagePixels: number;
  spreadsheet: SpreadsheetLimits;
}

/** Reads one integer setting: name, default, smallest value allowed. */
export type IntegerSetting = (name: string, fallback: number, min: number) => number;

/**
 * The file store's settings from the environment: FILE_UNCLAIMED_HOURS (24),
 * FILE_SWEEP_MINUTES (60), FILE_MAX_IMAGE_PIXELS (40 million: a 7,700 x 5,200 photo),
 * SPREADSHEET_MAX_UNPACKED_MB (50), SPREADSHEET_MAX_ROWS (10,000), SPREADSHEET_MAX_CELLS
 * (500,000), SPREADSHEET_TIME_MS (2,000; issue 10).
 */
export function loadFileStoreConfig(integer: IntegerSetting): FileStoreConfig {
  return {
    unclaimedHours: integer('FILE_UNCLAIMED_HOURS', 24, 1),
    sweepMinutes: integer('FILE_SWEEP_MINUTES', 60, 1),
    maxImagePixels: integer('FILE_MAX_IMAGE_PIXELS', 40_000_000, 1),
    spreadsheet: {
      maxUncompressedBytes: integer('SPREADSHEET_MAX_UNPACKED_MB', 50, 1) * 1024 * 1024,
      maxRows: integer('SPREADSHEET_MAX_ROWS', 10_000, 1),
      maxCells: integer('SPREADSHEET_MAX_CELLS', 500_000, 1),
      timeMs: integer('SPREADSHEET_TIME_MS', 2_000, 100),
      heapMb: 256,
    },
  };
}
