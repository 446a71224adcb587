import type { LightMyRequestResponse } from 'fastify';
import { FilePath, type FileKind } from '../../schemas/api/files';
import type { IdentityClient } from './identityClient';

/** One file as a test sends it: its name, declared type and bytes. */
export interface TestFile {
  name: string;
  type?: string;
  content: Buffer;
}

/**
 * A `multipart/form-data` body as a browser's FormData makes it (fields first, then the
 * file), with its content type and boundary.
 */
export async function multipartBody(
  fields: Record<string, string>,
  file?: TestFile,
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    form.append(
      'file',
      new Blob([new Uint8Array(file.content)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/** Uploads a file to a task's form, as the media fields do. */
export async function uploadTo(
  client: IdentityClient,
  taskId: string,
  kind: FileKind,
  file: TestFile,
): Promise<LightMyRequestResponse> {
  const { body, contentType } = await multipartBody({ taskId, kind }, file);
  return client.request({
    method: 'POST',
    url: FilePath.upload,
    body,
    headers: { 'content-type': contentType },
  });
}

/** New content for an existing file (PATCH). */
export async function replaceContent(
  client: IdentityClient,
  fileId: string,
  file: TestFile,
): Promise<LightMyRequestResponse> {
  const { body, contentType } = await multipartBody({}, file);
  return client.request({
    method: 'PATCH',
    url: FilePath.file(fileId),
    body,
    headers: { 'content-type': contentType },
  });
}
