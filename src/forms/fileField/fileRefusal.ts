import { FileRefusal } from '../../../schemas/api/filesConstants';

/** Why the file store refused an upload, as far as a field tells the user. */
export type FileRefusalReason = 'spreadsheet' | 'tooLarge' | 'unreadable' | 'typeNotAllowed';

/** The store's refusals of a spreadsheet it would not read to the end. */
const SPREADSHEET_REFUSALS: readonly string[] = [
  FileRefusal.spreadsheetTooLarge,
  FileRefusal.spreadsheetTooManyCells,
  FileRefusal.spreadsheetTooSlow,
];

/**
 * Reads a failed upload's error as the store's refusal (its HTTP status and the `FileRefusal`
 * codes in its details); null for any other failure (the network, the server), which a field
 * offers to retry. Each field words the reasons itself.
 */
export function fileRefusal(error: unknown): FileRefusalReason | null {
  const { status, details } = (error ?? {}) as { status?: number; details?: { code?: string }[] };
  const codes = (details ?? []).map((detail) => detail.code);
  // 1. A zip bomb is a small file that comes back as a 413: say what is wrong with it, not
  //    "too large".
  if (codes.some((code) => code !== undefined && SPREADSHEET_REFUSALS.includes(code))) {
    return 'spreadsheet';
  }
  // 2. Too large, by the status or the code.
  if (status === 413 || codes.includes(FileRefusal.tooLarge)) return 'tooLarge';
  // 3. Of an allowed type but not readable as one (a 415 too, so before the type's check).
  if (codes.includes(FileRefusal.unreadable)) return 'unreadable';
  // 4. Not of an allowed type.
  if (status === 415 || codes.includes(FileRefusal.typeNotAllowed)) return 'typeNotAllowed';
  return null;
}
