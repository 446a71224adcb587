import { inflateRawSync } from 'node:zlib';

/** What a zip may hold before it is refused unread by anything else. */
export interface ZipLimits {
  /** Bytes all its entries may unpack to together, counted as they come out. */
  maxUnpackedBytes: number;
  /** Entries its central directory may list (an Office file has tens). */
  maxEntries: number;
}

/** Why a zip was refused: not a zip we read, too much inside, or too many entries. */
export type ZipProblem = 'unreadable' | 'tooLarge' | 'tooManyEntries';

/** The measure of a zip: its entries' names and what they really unpack to, or its problem. */
export type ZipMeasure =
  | { ok: true; names: string[]; unpackedBytes: number }
  | { ok: false; problem: ZipProblem; unpackedBytes: number; entries: number };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record's fixed part; a comment of up to 64 KiB may follow it. */
const END_RECORD_BYTES = 22;
const ZIP64_MARK = 0xffffffff;

/** Thrown inside the walk; turned into a measure at its end. */
class Refused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

/** The offset of the end-of-central-directory record, searched from the file's end. */
function findEndRecord(view: DataView): number {
  const earliest = Math.max(0, view.byteLength - END_RECORD_BYTES - 0xffff);
  for (let at = view.byteLength - END_RECORD_BYTES; at >= earliest; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new Refused('unreadable');
}

/** One entry as the central directory describes it: the directory is what readers follow. */
interface DirectoryEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** What the entry says it unpacks to: believed only when it is already too much. */
  declaredSize: number;
  localOffset: number;
}

function readDirectory(bytes: Uint8Array, view: DataView, limits: ZipLimits): DirectoryEntry[] {
  const end = findEndRecord(view);
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // A ZIP64 file marks its counts and offsets as "see elsewhere"; an Office file small
  // enough to upload never needs one, so it is not read at all.
  if (count === 0xffff || directoryOffset === ZIP64_MARK) throw new Refused('unreadable');
  if (count > limits.maxEntries) throw new Refused('tooManyEntries');
  const decoder = new TextDecoder();
  const entries: DirectoryEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) {
      throw new Refused('unreadable');
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's data lies: after its local header, whose name and extra lengths are its own. */
function entryData(bytes: Uint8Array, view: DataView, entry: DirectoryEntry): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) {
    throw new Refused('unreadable');
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (entry.compressedSize === ZIP64_MARK || end > bytes.length) throw new Refused('unreadable');
  return bytes.subarray(start, end);
}

/**
 * Measures what a zip really unpacks to, never trusting the sizes it declares (only a zip
 * that declares too much is believed, and refused before any work): every entry
 * its central directory lists (the directory is what PizZip and SheetJS follow, so entries
 * that overlap are each counted) is inflated, the bytes that come out are counted across
 * entries, and inflating stops as soon as the count passes the limit. Nothing
 * is kept, so memory stays within the limit whatever the file holds. Encrypted entries,
 * methods other than stored and deflate, and ZIP64 are refused as unreadable.
 */
export function measureUnpackedZip(bytes: Uint8Array, limits: ZipLimits): ZipMeasure {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let unpackedBytes = 0;
  let entries: DirectoryEntry[] = [];
  try {
    entries = readDirectory(bytes, view, limits);
    // A zip that admits to too much is refused on its word, without unpacking anything.
    const declared = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
    if (declared > limits.maxUnpackedBytes) throw new Refused('tooLarge');
    for (const entry of entries) {
      // Bit 0: encrypted, which no template or upload of ours is.
      if ((entry.flags & 1) !== 0) throw new Refused('unreadable');
      const data = entryData(bytes, view, entry);
      if (entry.method === 0) {
        unpackedBytes += data.length;
        if (unpackedBytes > limits.maxUnpackedBytes) throw new Refused('tooLarge');
        continue;
      }
      if (entry.method !== 8) throw new Refused('unreadable');
      // zlib stops as soon as its output passes what is left of the budget: the cap is on
      // the bytes that really come out, and it is twice as fast as inflating in JavaScript.
      const budget = limits.maxUnpackedBytes - unpackedBytes;
      try {
        unpackedBytes += inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') {
          throw new Refused('unreadable');
        }
        unpackedBytes = limits.maxUnpackedBytes + 1;
        throw new Refused('tooLarge');
      }
      if (unpackedBytes > limits.maxUnpackedBytes) throw new Refused('tooLarge');
    }
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { ok: false, problem: error.problem, unpackedBytes, entries: entries.length };
  }
  return { ok: true, names: entries.map((entry) => entry.name), unpackedBytes };
}
