import PizZip from 'pizzip';
import { TemplateRefusal } from '../../schemas/api/documentsConstants';
import { ErrorCode } from '../../schemas/api/common';
import { AppError } from '../errors';

/** Most bytes a template's parts may unpack to: a zip that claims more is refused unread. */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/** What kind of Office file a zip holds, judged by its parts. */
export type OfficeKind = 'docx' | 'xlsx';

/** The refusal of a file that is not a template the server can fill. */
export function templateRefused(code: TemplateRefusal, message: string): AppError {
  return new AppError(422, ErrorCode.templateInvalid, message, {
    details: [{ path: '/file', code }],
  });
}

/**
 * Opens an Office file as a zip and says what it is: a docx has `word/document.xml`, an xlsx
 * `xl/workbook.xml`. The sizes its directory declares are summed before anything is
 * unpacked, so a small upload that would unpack to gigabytes is refused at once.
 */
export function openOfficeZip(content: Buffer): { zip: PizZip; kind: OfficeKind } {
  let zip: PizZip;
  try {
    zip = new PizZip(content);
  } catch {
    throw templateRefused(TemplateRefusal.notOffice, 'The file is not a docx or xlsx file.');
  }
  let unpacked = 0;
  for (const file of Object.values(zip.files)) {
    const declared = (file as unknown as { _data?: { uncompressedSize?: number } })._data
      ?.uncompressedSize;
    unpacked += typeof declared === 'number' ? declared : 0;
  }
  if (unpacked > MAX_UNPACKED_BYTES) {
    throw templateRefused(TemplateRefusal.tooLarge, 'The file unpacks to more than 50 MB.');
  }
  if (zip.file('word/document.xml')) return { zip, kind: 'docx' };
  if (zip.file('xl/workbook.xml')) return { zip, kind: 'xlsx' };
  throw templateRefused(TemplateRefusal.notOffice, 'The file is not a docx or xlsx file.');
}
