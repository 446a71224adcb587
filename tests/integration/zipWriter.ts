import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One entry of a zip built by a test: its name, deflated bytes, CRC and unpacked size. */
export interface ZipEntry {
  name: string;
  compressed: Buffer;
  crc: number;
  size: number;
  /** The unpacked size the headers claim; the true one unless a test wants a liar. */
  declaredSize?: number;
}

/** An entry from plain bytes, deflated. */
export function deflatedEntry(name: string, data: Uint8Array): ZipEntry {
  return { name, compressed: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/**
 * An entry of `mebibytes` MiB of zeros, deflated without ever holding them: one MiB is
 * deflated on its own with a sync flush (its back-references stay inside it), repeated, and
 * closed with an empty final block. A few hundred KiB that unpack to any size.
 */
export function zeroEntry(name: string, mebibytes: number): ZipEntry {
  const mebibyte = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(mebibyte, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  for (let index = 0; index < mebibytes; index += 1) crc = crc32(mebibyte, crc);
  return {
    name,
    compressed: Buffer.concat([...Array.from({ length: mebibytes }, () => block), last]),
    crc,
    size: mebibytes * 1024 * 1024,
  };
}

/** A zip file of deflated entries (local headers, data, central directory, end record). */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.declaredSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
