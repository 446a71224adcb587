import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { FileRefusal } from '../../schemas/api/files';
import { isUnstorableText } from '../fastify/inputGuard';
import { fileRefused } from './checkFileContent';
import type { IncomingFile } from './fileService';

/** The largest text field of an upload form (a task id, a kind). */
export const UPLOAD_FIELD_MAX_LENGTH = 200;

/** An upload form: its text fields, and its one file. */
export interface UploadForm {
  fields: Readonly<Record<string, string>>;
  file: IncomingFile;
}

const badForm = (message: string) => fileRefused(400, FileRefusal.badForm, message);

/**
 * Reads a stream up to `limit` bytes and refuses it (413) at the first byte beyond, while it
 * arrives: a larger file is never held in memory whole.
 */
async function readWithin(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw fileRefused(413, FileRefusal.tooLarge, `The file is larger than ${limit} bytes.`, {
        limit,
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Reads a `multipart/form-data` upload: text fields first, then exactly one file part, whose
 * size limit `limitFor` gives from the fields read so far (the kind decides it), checked
 * while the file streams. A request that is not multipart is a 415; a missing or second
 * file, a field after the file or text no database can store a 400.
 */
export async function readUploadForm(
  request: FastifyRequest,
  limitFor: (fields: Readonly<Record<string, string>>) => Promise<number> | number,
): Promise<UploadForm> {
  if (!request.isMultipart()) {
    throw fileRefused(415, FileRefusal.badForm, 'Send the file as multipart/form-data.');
  }
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let file: IncomingFile | undefined;
  try {
    file = await readParts(request, fields, limitFor);
  } catch (error) {
    throw asFormRefusal(error);
  }
  if (!file) throw badForm('The form holds no file.');
  return { fields, file };
}

/**
 * The multipart parser's own failures (no boundary, a boundary over 256 characters, a form
 * cut short) are plain errors without a status, which would answer 500: they are the
 * sender's broken form, a 400. Every other error keeps its own status.
 */
function asFormRefusal(error: unknown): unknown {
  if (!(error instanceof Error) || 'statusCode' in error) return error;
  return /^(Multipart:|Unexpected end of|The needle cannot|.* terminated early)/.test(error.message)
    ? badForm(`The multipart form cannot be read: ${error.message}`)
    : error;
}

/** Reads the parts into `fields` and answers the one file. */
async function readParts(
  request: FastifyRequest,
  fields: Record<string, string>,
  limitFor: (fields: Readonly<Record<string, string>>) => Promise<number> | number,
): Promise<IncomingFile | undefined> {
  let file: IncomingFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (file) throw badForm('Send the text fields before the file.');
      if (typeof part.value !== 'string' || isUnstorableText(part.value)) {
        throw badForm(`The field ${part.fieldname} is not plain text.`);
      }
      fields[part.fieldname] = part.value;
      continue;
    }
    if (file) throw badForm('Send one file at a time.');
    const limit = await limitFor(fields);
    file = { name: part.filename, content: await readWithin(part.file, limit) };
  }
  return file;
}
