import PizZip from 'pizzip';
import { TemplateRefusal } from '../../schemas/api/documentsConstants';
import { ErrorCode } from '../../schemas/api/common';
import { AppError } from '../errors';
import { measureUnpackedZip } from '../zip/measureUnpackedZip';

/** Most bytes a template's parts may unpack to, counted as they are unpacked. */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/** Most parts a template's zip may list (a docx or an xlsx has tens). */
const MAX_ENTRIES = 10_000;

/** What kind of Office file a zip holds, judged by its parts. */
export type OfficeKind = 'docx' | 'xlsx';

/** The refusal of a file that is not a template the server can fill. */
export function templateRefused(code: TemplateRefusal, message: string): AppError {
  return new AppError(422, ErrorCode.templateInvalid, message, {
    details: [{ path: '/file', code }],
  });
}

/**
 * Says what an Office file is: a docx has `word/document.xml`, an xlsx `xl/workbook.xml`.
 * Every part is unpacked once first with a running count of the bytes that really come
 * out (measureUnpackedZip), never the sizes the zip declares, so a small file that lies
 * and would unpack to gigabytes is refused after 50 MB of work, before any reader loads it.
 */
export function officeKind(content: Buffer): OfficeKind {
  const measure = measureUnpackedZip(content, {
    maxUnpackedBytes: MAX_UNPACKED_BYTES,
    maxEntries: MAX_ENTRIES,
  });
  if (!measure.ok) {
    if (measure.problem === 'unreadable') {
      throw templateRefused(TemplateRefusal.notOffice, 'The file is not a docx or xlsx file.');
    }
    throw templateRefused(TemplateRefusal.tooLarge, 'The file unpacks to more than 50 MB.');
  }
  if (measure.names.includes('word/document.xml')) return 'docx';
  if (measure.names.includes('xl/workbook.xml')) return 'xlsx';
  throw templateRefused(TemplateRefusal.notOffice, 'The file is not a docx or xlsx file.');
}

/** Opens a measured Office file as a zip for docxtemplater, and says what it is. */
export function openOfficeZip(content: Buffer): { zip: PizZip; kind: OfficeKind } {
  const kind = officeKind(content);
  try {
    return { zip: new PizZip(content), kind };
  } catch {
    throw templateRefused(TemplateRefusal.notOffice, 'The file is not a docx or xlsx file.');
  }
}
