import { MediaType } from '../../schemas/api/files';

/** The extensions a download of each type may carry; the first is added when none fits. */
const EXTENSIONS: Readonly<Record<MediaType, readonly string[]>> = {
  [MediaType.png]: ['png'],
  [MediaType.jpeg]: ['jpg', 'jpeg'],
  [MediaType.pdf]: ['pdf'],
  [MediaType.xlsx]: ['xlsx'],
  [MediaType.docx]: ['docx'],
};

/** Longest stored name, in characters (the column allows 255; room for an extension). */
const MAX_NAME_LENGTH = 200;

/** Control characters (NUL included), which no file name needs and PostgreSQL text may refuse. */
const CONTROL = /\p{Cc}/gu;

/**
 * The name a file is kept and downloaded under: the browser's name without any folder part
 * or control character, at most 200 characters, ending in an extension of the type its
 * content really has (a PNG sent as `scan.gif` downloads as `scan.gif.png`), so the file a
 * user saves opens as what it is.
 */
export function downloadName(given: string, mediaType: MediaType): string {
  // A round trip through UTF-8 turns a lone surrogate (text PostgreSQL cannot store) into
  // U+FFFD; the cut counts code points, so it never splits a pair.
  const cleaned = Buffer.from(given.split(/[\\/]/).pop() ?? '', 'utf8')
    .toString('utf8')
    .replace(CONTROL, '')
    .trim();
  const base = Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trim();
  const extensions = EXTENSIONS[mediaType];
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (extensions.includes(extension)) return base;
  return `${base || 'file'}.${extensions[0] ?? 'bin'}`;
}
