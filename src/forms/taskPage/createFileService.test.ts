import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilePath, FileRefusal } from '../../../schemas/api/filesConstants';
import type { StoredFile } from '../../../schemas/api/files';
import { ApiError } from '../../api/errors';
import { FakeServer } from '../../testing/fakeServer';
import { createFileService } from './createFileService';

const TASK_ID = 'task-1';
const FILE_ID = '0b5f6c7e-1a2b-4c3d-8e9f-001122334455';

/** What the store answers for a stored photo. */
function storedPhoto(overrides: Partial<StoredFile> = {}): StoredFile {
  return {
    id: FILE_ID,
    name: 'photo.jpg',
    mediaType: 'image/jpeg',
    size: 1234,
    kind: 'picture',
    taskId: TASK_ID,
    processInstanceId: 'instance-1',
    updatedAt: '2026-01-01T00:00:00.000Z',
    spreadsheet: null,
    ...overrides,
  };
}

/** The text fields and the file part of a multipart body, in order. */
function partsOf(body: unknown): [string, string][] {
  expect(body).toBeInstanceOf(FormData);
  return [...(body as FormData).entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file:${value.name}`,
  ]);
}

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
});
afterEach(() => server.restore());

describe('createFileService', () => {
  it('given a new file, when uploaded, then it sends the task, the kind and the file, in that order', async () => {
    server.on('POST', FilePath.upload, { status: 200, body: { result: storedPhoto() } });
    const files = createFileService(TASK_ID);

    const stored = await files.upload(new Blob(['jpeg'], { type: 'image/jpeg' }), {
      kind: 'picture',
      fieldId: 'idPhoto',
      fileName: 'photo.jpg',
    });

    expect(partsOf(server.calls('POST', FilePath.upload)[0]?.body)).toEqual([
      ['taskId', TASK_ID],
      ['kind', 'picture'],
      ['file', 'file:photo.jpg'],
    ]);
    expect(stored).toEqual({
      id: FILE_ID,
      fileName: 'photo.jpg',
      mediaType: 'image/jpeg',
      size: 1234,
      spreadsheet: null,
    });
  });

  it('given a field that holds a file, when uploaded again, then it replaces that file in place', async () => {
    server.on('PATCH', FilePath.file(FILE_ID), { status: 200, body: { result: storedPhoto() } });
    const files = createFileService(TASK_ID);

    const stored = await files.upload(new Blob(['jpeg']), {
      kind: 'picture',
      fieldId: 'idPhoto',
      fileName: 'photo.jpg',
      existingId: FILE_ID,
    });

    expect(stored.id).toBe(FILE_ID);
    expect(partsOf(server.calls('PATCH', FilePath.file(FILE_ID))[0]?.body)).toEqual([
      ['file', 'file:photo.jpg'],
    ]);
    expect(server.calls('POST', FilePath.upload)).toHaveLength(0);
  });

  it('given a refused file, then the upload rejects with the store refusal code', async () => {
    server.on('POST', FilePath.upload, {
      status: 413,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Too large.',
        details: [{ path: 'file', code: FileRefusal.tooLarge, params: {} }],
      },
    });
    const files = createFileService(TASK_ID);

    const upload = files.upload(new Blob(['x']), {
      kind: 'picture',
      fieldId: 'idPhoto',
      fileName: 'big.png',
    });

    await expect(upload).rejects.toBeInstanceOf(ApiError);
    await upload.catch((error: ApiError) => {
      expect(error.status).toBe(413);
      expect(error.details.map((detail) => detail.code)).toEqual([FileRefusal.tooLarge]);
    });
  });

  it('given a stored file, when downloaded twice, then it is fetched once and named as served', async () => {
    server.on('GET', FilePath.file(FILE_ID), {
      status: 200,
      body: new Blob(['png'], { type: 'image/png' }),
      headers: { 'content-disposition': `attachment; filename="signature.png"` },
    });
    const files = createFileService(TASK_ID);

    const first = await files.download(FILE_ID);
    const second = await files.download(FILE_ID);

    expect(first.name).toBe('signature.png');
    expect(first.type).toBe('image/png');
    expect(await first.text()).toBe('png');
    expect(second).toBe(first);
    expect(server.calls('GET', FilePath.file(FILE_ID))).toHaveLength(1);
  });

  it('given a non-ASCII name, then the download keeps it', async () => {
    server.on('GET', FilePath.file(FILE_ID), {
      status: 200,
      body: new Blob(['pdf'], { type: 'application/pdf' }),
      headers: {
        'content-disposition': `attachment; filename="justificatif ?.pdf"; filename*=UTF-8''justificatif%20%C3%A9.pdf`,
      },
    });

    const file = await createFileService(TASK_ID).download(FILE_ID);

    expect(file.name).toBe('justificatif é.pdf');
  });

  it('given a failed download, then the next one asks again', async () => {
    let answers = 0;
    server.on('GET', FilePath.file(FILE_ID), () => {
      answers += 1;
      return answers === 1
        ? { status: 500, body: { code: 'INTERNAL', message: 'Down.' } }
        : { status: 200, body: new Blob(['png'], { type: 'image/png' }) };
    });
    const files = createFileService(TASK_ID);

    await expect(files.download(FILE_ID)).rejects.toBeInstanceOf(ApiError);
    const file = await files.download(FILE_ID);

    expect(file.name).toBe(FILE_ID);
    expect(answers).toBe(2);
  });

  it('given a removed file, then it is deleted on the server and read afresh afterwards', async () => {
    server
      .on('GET', FilePath.file(FILE_ID), {
        status: 200,
        body: new Blob(['png'], { type: 'image/png' }),
      })
      .on('DELETE', FilePath.file(FILE_ID), { status: 200, body: { result: storedPhoto() } });
    const files = createFileService(TASK_ID);

    await files.download(FILE_ID);
    await files.remove(FILE_ID);
    await files.download(FILE_ID);

    expect(server.calls('DELETE', FilePath.file(FILE_ID))).toHaveLength(1);
    expect(server.calls('GET', FilePath.file(FILE_ID))).toHaveLength(2);
  });
});
