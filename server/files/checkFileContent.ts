import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ErrorCode } from '../../schemas/api/common';
import {
  FILE_MEDIA_TYPES,
  FileRefusal,
  MediaType,
  type FileKind,
  type SpreadsheetSummary,
} from '../../schemas/api/files';
import { AppError } from '../errors';
import type { FileStoreConfig } from './fileStoreConfig';
import { parseSpreadsheet } from './parseSpreadsheet';

/** What an accepted file becomes: the bytes to store, their type, and what they hold. */
export interface CheckedFile {
  content: Buffer;
  mediaType: MediaType;
  spreadsheet: SpreadsheetSummary | null;
}

/** JPEG quality of a re-encoded photo: close to what a camera writes, without its metadata. */
const JPEG_QUALITY = 88;

/** The error of a refused file: status, the store's code, and the reason as the detail. */
export function fileRefused(
  status: 400 | 413 | 415 | 422,
  refusal: FileRefusal,
  message: string,
  params: Record<string, unknown> = {},
): AppError {
  const code =
    status === 413
      ? ErrorCode.payloadTooLarge
      : status === 415
        ? ErrorCode.unsupportedMediaType
        : ErrorCode.validation;
  return new AppError(status, code, message, {
    details: [{ path: 'file', code: refusal, params }],
  });
}

const isMediaType = (kind: FileKind, type: string): type is MediaType =>
  (FILE_MEDIA_TYPES[kind] as readonly string[]).includes(type);

/**
 * The type the content's magic bytes show, or undefined. A detector that gives up on a
 * malformed file (its own limits) means the type is unknown, not that the server failed.
 */
async function detectType(content: Buffer): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(content))?.mime;
  } catch {
    return undefined;
  }
}

/**
 * Decodes an image and writes it again in its own format: whatever rode along (EXIF with
 * its GPS position, comments, a second payload after the image data) is gone, and the
 * orientation the camera recorded is applied to the pixels first, so the picture stays
 * upright without its metadata. The pixel count is checked from the header, before decoding.
 */
async function reencodeImage(
  content: Buffer,
  mediaType: MediaType,
  maxPixels: number,
): Promise<Buffer> {
  let width: number;
  let height: number;
  try {
    ({ width, height } = await sharp(content).metadata());
  } catch {
    throw fileRefused(415, FileRefusal.unreadable, 'The image cannot be read.');
  }
  if (width * height > maxPixels) {
    throw fileRefused(413, FileRefusal.tooManyPixels, 'The image has too many pixels.', {
      pixels: width * height,
      limit: maxPixels,
    });
  }
  try {
    const image = sharp(content, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    return await (
      mediaType === MediaType.png
        ? image.png({ compressionLevel: 9 })
        : image.jpeg({ quality: JPEG_QUALITY })
    ).toBuffer();
  } catch {
    throw fileRefused(415, FileRefusal.unreadable, 'The image cannot be read.');
  }
}

/**
 * Accepts a file for a kind only by what its bytes are: the magic bytes must name a type of
 * the kind's allow-list (a GIF, an SVG or HTML named `.png` are refused with 415, whatever the
 * browser declared). Images are re-encoded; a spreadsheet of an uploadExcel field is read in
 * a worker with limits, and one that cannot be read is refused.
 */
export async function checkFileContent(
  kind: FileKind,
  content: Buffer,
  config: FileStoreConfig,
): Promise<CheckedFile> {
  const detected = await detectType(content);
  if (detected === undefined || !isMediaType(kind, detected)) {
    throw fileRefused(415, FileRefusal.typeNotAllowed, `This kind of file is not accepted.`, {
      detected: detected ?? null,
      allowed: FILE_MEDIA_TYPES[kind],
    });
  }
  if (detected === MediaType.png || detected === MediaType.jpeg) {
    return {
      content: await reencodeImage(content, detected, config.maxImagePixels),
      mediaType: detected,
      spreadsheet: null,
    };
  }
  if (detected === MediaType.xlsx && kind === 'spreadsheet') {
    const outcome = await parseSpreadsheet(content, config.spreadsheet);
    if (!outcome.ok) {
      const status =
        outcome.code === FileRefusal.spreadsheetTooSlow
          ? 422
          : outcome.code === FileRefusal.unreadable
            ? 415
            : 413;
      throw fileRefused(status, outcome.code, 'The spreadsheet cannot be read.', outcome.params);
    }
    return { content, mediaType: detected, spreadsheet: outcome.summary };
  }
  return { content, mediaType: detected, spreadsheet: null };
}
