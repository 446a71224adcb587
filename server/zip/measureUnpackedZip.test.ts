import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { measureUnpackedZip } from './measureUnpackedZip';

const LIMITS = { maxUnpackedBytes: 10 * 1024 * 1024, maxEntries: 100 };

/** Offsets of every central directory record and local header of a zip fflate wrote. */
function headers(zip: Uint8Array): { central: number[]; local: number[] } {
  const view = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const find = (signature: number) => {
    const found: number[] = [];
    for (let at = 0; at + 4 <= view.length; at += 1) {
      if (view.readUInt32LE(at) === signature) found.push(at);
    }
    return found;
  };
  return { central: find(0x02014b50), local: find(0x04034b50) };
}

/** A zip whose entries declare `declared` bytes each, whatever they really unpack to. */
function lyingZip(files: Record<string, Uint8Array>, declared: number): Buffer {
  const zip = Buffer.from(zipSync(files, { level: 9 }));
  const { central, local } = headers(zip);
  for (const at of central) zip.writeUInt32LE(declared, at + 24);
  for (const at of local) zip.writeUInt32LE(declared, at + 22);
  return zip;
}

describe('measureUnpackedZip', () => {
  it('given an honest zip, then it counts what its entries unpack to and names them', () => {
    const zip = zipSync({ 'a.xml': strToU8('<a/>'), 'b/c.txt': new Uint8Array(5000) });
    expect(measureUnpackedZip(zip, LIMITS)).toEqual({
      ok: true,
      names: ['a.xml', 'b/c.txt'],
      unpackedBytes: 5004,
    });
  });

  it('given a zip whose directory declares a few bytes but whose data unpacks past the limit, then it is refused by the bytes counted, soon after the limit', () => {
    const liar = lyingZip({ 'word/document.xml': new Uint8Array(40 * 1024 * 1024) }, 10);
    expect(liar.length).toBeLessThan(100 * 1024);
    const measure = measureUnpackedZip(liar, LIMITS);
    expect(measure).toMatchObject({ ok: false, problem: 'tooLarge' });
    if (measure.ok) return;
    expect(measure.unpackedBytes).toBeGreaterThan(LIMITS.maxUnpackedBytes);
    // Inflating stopped at the limit, not at the end of the 40 MiB.
    expect(measure.unpackedBytes).toBeLessThan(LIMITS.maxUnpackedBytes + 1024 * 1024);
  });

  it('given a zip that declares more than the limit, then it is refused on its word', () => {
    const boastful = lyingZip({ 'a.bin': new Uint8Array(10) }, 60 * 1024 * 1024);
    expect(measureUnpackedZip(boastful, LIMITS)).toMatchObject({ ok: false, problem: 'tooLarge' });
  });

  it('given entries that overlap (the directory lists one data stream many times), then each is counted', () => {
    const single = Buffer.from(zipSync({ 'a.bin': new Uint8Array(3 * 1024 * 1024) }));
    const { central } = headers(single);
    const record = single.subarray(central[0], single.length - 22);
    const end = Buffer.from(single.subarray(single.length - 22));
    // Five directory records, all pointing at the one local entry.
    const directory = Buffer.concat(Array.from({ length: 5 }, () => record));
    end.writeUInt16LE(5, 8);
    end.writeUInt16LE(5, 10);
    end.writeUInt32LE(directory.length, 12);
    const overlapping = Buffer.concat([single.subarray(0, central[0]), directory, end]);
    expect(measureUnpackedZip(overlapping, LIMITS)).toMatchObject({
      ok: false,
      problem: 'tooLarge',
    });
  });

  it('given more entries than the limit, or bytes that are no zip, then it says so', () => {
    const files = Object.fromEntries(
      Array.from({ length: 101 }, (_, index) => [`f${index}`, new Uint8Array(1)]),
    );
    expect(measureUnpackedZip(zipSync(files), LIMITS)).toMatchObject({
      ok: false,
      problem: 'tooManyEntries',
    });
    expect(measureUnpackedZip(strToU8('not a zip at all'), LIMITS)).toMatchObject({
      ok: false,
      problem: 'unreadable',
    });
  });
});
