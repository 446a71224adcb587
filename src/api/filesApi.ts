import type { StoredFile, StoredFileAnswer } from '../../schemas/api/files';
import { FilePath, type FileKind, type SignatureMethod } from '../../schemas/api/filesConstants';
import { http } from './httpClient';
import { attachmentName } from './attachmentName';

export type { StoredFile };

/**
 * Uploads and long reads get more time than the client's default: a 5 MB photo over a
 * field officer's mobile connection takes a while, and the server checks and re-encodes it.
 */
const FILE_TIMEOUT_MS = 120_000;

/** The multipart body the file calls read: text fields first, then the one file part. */
function formOf(fields: Readonly<Record<string, string>>, file: Blob, fileName: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, fileName);
  return form;
}

/** What an upload says about its file beside the bytes. */
export interface UploadFacts {
  /** How a signature was made (drawn or typed); only for a signature. */
  readonly signatureMethod?: SignatureMethod | undefined;
}

/** The upload form's text fields for `facts`: only those that are set. */
const factFields = (facts: UploadFacts): Record<string, string> =>
  facts.signatureMethod ? { signatureMethod: facts.signatureMethod } : {};

/**
 * Stores a new file for a task's form (spec 001 section 7, "POST save signature or picture
 * upload: formData"). The server judges the content by its bytes; a refusal rejects with
 * the `ApiError` whose detail code says why (`FileRefusal`).
 */
export async function uploadFile(
  taskId: string,
  kind: FileKind,
  file: Blob,
  fileName: string,
  facts: UploadFacts = {},
): Promise<StoredFile> {
  const response = await http.post<StoredFileAnswer>(
    FilePath.upload,
    formOf({ taskId, kind, ...factFields(facts) }, file, fileName),
    { timeout: FILE_TIMEOUT_MS },
  );
  return response.data.result;
}

/** New content for a stored file ("PATCH when an id exists"): the id, and the form's value, stay. */
export async function replaceFile(
  fileId: string,
  file: Blob,
  fileName: string,
  facts: UploadFacts = {},
): Promise<StoredFile> {
  const response = await http.patch<StoredFileAnswer>(
    FilePath.file(fileId),
    formOf(factFields(facts), file, fileName),
    { timeout: FILE_TIMEOUT_MS },
  );
  return response.data.result;
}

/**
 * A stored file ("GET file/{id}") as a `File` named as the server serves it (its
 * Content-Disposition), typed as its content was judged, so a download button saves it
 * under that name.
 */
export async function downloadFile(fileId: string, signal?: AbortSignal): Promise<File> {
  const response = await http.get<Blob>(FilePath.file(fileId), {
    responseType: 'blob',
    timeout: FILE_TIMEOUT_MS,
    headers: { Accept: '*/*' },
    ...(signal ? { signal } : {}),
  });
  const blob = response.data;
  const name = attachmentName(response.headers['content-disposition']) ?? fileId;
  return new File([blob], name, { type: blob.type });
}

/** Removes a stored file of an open task (a field's delete); answers what was removed. */
export async function deleteFile(fileId: string): Promise<StoredFile> {
  const response = await http.delete<StoredFileAnswer>(FilePath.file(fileId));
  return response.data.result;
}
