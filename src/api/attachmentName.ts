import { parse as parseContentDisposition } from 'content-disposition';

/**
 * The file name a response's Content-Disposition header gives, if it gives one a browser can
 * read; a missing, empty or malformed header gives none, so the caller names the file itself.
 */
export function attachmentName(header: unknown): string | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  try {
    return parseContentDisposition(header).parameters['filename'] || undefined;
  } catch {
    return undefined;
  }
}
