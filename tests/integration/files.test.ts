import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilePath, PICTURE_MAX_BYTES, type StoredFileAnswer } from '../../schemas/api/files';
import { TaskPath } from '../../schemas/api/tasks';
import { DatabaseFileContentStore } from '../../server/files/FileContentStore';
import { fileBelongsTo, sweepUnclaimedFiles } from '../../server/files/fileRepository';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import type { TestServer } from '../../server/testing/startTestServer';
import { countTaskFiles, lucasTaskNamed, startFileStoreServer } from '../helpers/fileStoreServer';
import type { IdentityClient } from './identityClient';
import { multipartBody, replaceContent, uploadTo, type TestFile } from './uploadForm';

/** A small picture, as a camera or the editor would send it. */
async function png(width = 40, height = 30, colour = '#1f6feb'): Promise<TestFile> {
  const content = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name: 'id-photo.png', type: 'image/png', content };
}

describe('the file store', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let javier: IdentityClient;
  let priya: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    ({ server, lucas } = await startFileStoreServer());
    javier = await signIn(server, EMAIL.jmorales);
    priya = await signIn(server, EMAIL.pnair);
    ana = await signIn(server, EMAIL.asouza, 'acme');
  });

  afterAll(async () => {
    await server.close();
  });

  /** Lucas's own open task, started by him: Javier (his group) sees it, Priya does not. */
  const lucasTask = () => lucasTaskNamed(server, 'KYC capture');

  const filesOfTask = (taskId: string) => countTaskFiles(server, taskId);

  const refusal = (response: { json(): unknown }) => {
    const body = response.json() as { code: string; details?: Array<{ code: string }> };
    return { code: body.code, detail: body.details?.[0]?.code };
  };

  it('given the assignee, when a PNG picture is uploaded and read back, then it is stored under a new uuid and served as an attachment that runs nothing', async () => {
    const task = await lucasTask();
    const picture = await png();
    const upload = await uploadTo(lucas, task.id, 'picture', picture);
    expect(upload.statusCode, upload.body).toBe(200);
    const stored = upload.json<StoredFileAnswer>().result;
    expect(stored).toMatchObject({
      name: 'id-photo.png',
      mediaType: 'image/png',
      kind: 'picture',
      taskId: task.id,
      processInstanceId: task.instanceId,
      spreadsheet: null,
    });
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);

    const download = await call(lucas, 'GET', FilePath.file(stored.id));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe('attachment; filename=id-photo.png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const served = await sharp(download.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 40, 30]);
    expect(download.rawPayload.length).toBe(stored.size);
  });

  it('given a JPEG with a GPS position and a rotation in its EXIF, when uploaded, then the stored picture has no metadata and is turned upright', async () => {
    const task = await lucasTask();
    const content = await sharp({
      create: { width: 60, height: 20, channels: 3, background: '#c33' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 1234/100' },
      })
      .toBuffer();
    const sent = await sharp(content).metadata();
    expect(sent.exif?.includes(Buffer.from('PhoneCam'))).toBe(true);
    // The pointer to the GPS directory (tag 0x8825), in either byte order.
    const gpsPointer = [Buffer.from([0x25, 0x88]), Buffer.from([0x88, 0x25])];
    expect(gpsPointer.some((tag) => sent.exif?.includes(tag))).toBe(true);
    expect(sent.orientation).toBe(6);

    const upload = await uploadTo(lucas, task.id, 'picture', {
      name: 'street.jpeg',
      type: 'image/jpeg',
      content,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const download = await call(
      lucas,
      'GET',
      FilePath.file(upload.json<StoredFileAnswer>().result.id),
    );
    const kept = await sharp(download.rawPayload).metadata();
    expect(kept.format).toBe('jpeg');
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(download.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);
    // The rotation the camera recorded is now in the pixels.
    expect([kept.width, kept.height]).toEqual([20, 60]);
  });

  it('given a picture of 5 MB and one byte, when uploaded, then 413 with the size reason and nothing is stored', async () => {
    const task = await lucasTask();
    const content = Buffer.alloc(PICTURE_MAX_BYTES + 1, 7);
    (await png()).content.copy(content);
    const upload = await uploadTo(lucas, task.id, 'picture', {
      name: 'huge.png',
      type: 'image/png',
      content,
    });
    expect(upload.statusCode).toBe(413);
    expect(refusal(upload)).toEqual({ code: 'PAYLOAD_TOO_LARGE', detail: 'file.tooLarge' });
    expect(await filesOfTask(task.id)).toBe(0);
  });

  it('given a picture of 5 MB and one byte sent over the network, when the limit is passed, then the server answers 413 without taking the rest', async () => {
    const task = await lucasTask();
    const { body, contentType } = await multipartBody(
      { taskId: task.id, kind: 'picture' },
      { name: 'huge.png', type: 'image/png', content: Buffer.alloc(PICTURE_MAX_BYTES + 1, 1) },
    );
    const response = await fetch(`${server.url}${FilePath.upload}`, {
      method: 'POST',
      body: new Uint8Array(body),
      headers: {
        'content-type': contentType,
        cookie: `${SESSION_COOKIE}=${lucas.cookie ?? ''}`,
      },
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await filesOfTask(task.id)).toBe(0);
  });

  it('given files that are not pictures whatever their names say (HTML named .png, a GIF, an SVG), when uploaded as pictures, then 415 and nothing is stored', async () => {
    const task = await lucasTask();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    const impostors: TestFile[] = [
      {
        name: 'photo.png',
        type: 'image/png',
        content: Buffer.from('<!doctype html><html><script>alert(document.cookie)</script>'),
      },
      { name: 'photo.png', type: 'image/png', content: gif },
      {
        name: 'photo.svg',
        type: 'image/svg+xml',
        content: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>',
        ),
      },
    ];
    for (const impostor of impostors) {
      for (const kind of ['picture', 'signature', 'document'] as const) {
        const upload = await uploadTo(lucas, task.id, kind, impostor);
        expect(upload.statusCode, `${kind} ${impostor.name}`).toBe(415);
        expect(refusal(upload)).toEqual({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          detail: 'file.typeNotAllowed',
        });
      }
    }
    expect(await filesOfTask(task.id)).toBe(0);
  });

  it('given a PNG header over broken image data, when uploaded, then 415 as unreadable', async () => {
    const task = await lucasTask();
    const broken = Buffer.concat([(await png()).content.subarray(0, 40), Buffer.alloc(200, 9)]);
    const upload = await uploadTo(lucas, task.id, 'picture', {
      name: 'broken.png',
      content: broken,
    });
    expect(upload.statusCode).toBe(415);
    expect(refusal(upload).detail).toBe('file.unreadable');
    expect(await filesOfTask(task.id)).toBe(0);
  });

  it('given a stored file, when another tenant, someone who may not see the task, a team mate and the assignee read it, then 404, 403, 200 and 200', async () => {
    const task = await lucasTask();
    const { id } = (
      await uploadTo(lucas, task.id, 'signature', await png())
    ).json<StoredFileAnswer>().result;
    expect((await call(ana, 'GET', FilePath.file(id))).statusCode).toBe(404);
    const hidden = await call(priya, 'GET', FilePath.file(id));
    expect(hidden.statusCode).toBe(403);
    expect(hidden.headers['content-type']).toContain('application/json');
    expect((await call(javier, 'GET', FilePath.file(id))).statusCode).toBe(200);
    expect((await call(lucas, 'GET', FilePath.file(id))).statusCode).toBe(200);
    expect(
      (await call(lucas, 'GET', FilePath.file('00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
    expect((await call(lucas, 'GET', FilePath.file('not-a-uuid'))).statusCode).toBe(400);
  });

  it('given someone who is not the assignee, when they upload, replace or delete a file of the task, then 403 and nothing changes', async () => {
    const task = await lucasTask();
    const { id } = (await uploadTo(lucas, task.id, 'picture', await png())).json<StoredFileAnswer>()
      .result;
    expect((await uploadTo(javier, task.id, 'picture', await png())).statusCode).toBe(403);
    expect((await uploadTo(priya, task.id, 'picture', await png())).statusCode).toBe(403);
    expect((await uploadTo(ana, task.id, 'picture', await png())).statusCode).toBe(404);
    expect((await replaceContent(javier, id, await png(10, 10))).statusCode).toBe(403);
    expect((await call(javier, 'DELETE', FilePath.file(id))).statusCode).toBe(403);
    expect((await call(ana, 'DELETE', FilePath.file(id))).statusCode).toBe(404);
    expect(await filesOfTask(task.id)).toBe(1);
  });

  it('given a stored picture, when the assignee replaces it, then the id stays and the new content is served; a GIF as replacement is refused and changes nothing', async () => {
    const task = await lucasTask();
    const { id } = (await uploadTo(lucas, task.id, 'picture', await png())).json<StoredFileAnswer>()
      .result;
    const replaced = await replaceContent(lucas, id, {
      name: 'cropped.png',
      content: (await png(16, 9)).content,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<StoredFileAnswer>().result).toMatchObject({ id, name: 'cropped.png' });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await replaceContent(lucas, id, { name: 'x.png', content: gif })).statusCode).toBe(415);
    const served = await sharp((await call(lucas, 'GET', FilePath.file(id))).rawPayload).metadata();
    expect([served.width, served.height]).toEqual([16, 9]);
  });

  it('given a completed task, when its files are read, then whoever may read its process still can; nobody can add to it any more', async () => {
    const task = await lucasTask();
    const { id } = (await uploadTo(lucas, task.id, 'picture', await png())).json<StoredFileAnswer>()
      .result;
    const completed = await call(lucas, 'POST', TaskPath.complete(task.id), {
      values: {},
      outcome: 'approve',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await call(lucas, 'GET', FilePath.file(id))).statusCode).toBe(200);
    expect((await call(javier, 'GET', FilePath.file(id))).statusCode).toBe(200);
    expect((await call(priya, 'GET', FilePath.file(id))).statusCode).toBe(403);
    expect((await uploadTo(lucas, task.id, 'picture', await png())).statusCode).toBe(409);
    expect((await call(lucas, 'DELETE', FilePath.file(id))).statusCode).toBe(409);
  });

  it('given a file id, when a form check asks whether it belongs to a task, then only its own task of its own tenant says yes', async () => {
    const task = await lucasTask();
    const other = await lucasTask();
    const { id } = (await uploadTo(lucas, task.id, 'picture', await png())).json<StoredFileAnswer>()
      .result;
    const { db } = server.database;
    expect(await fileBelongsTo(db, 'internal', id, task.id)).toBe(true);
    expect(await fileBelongsTo(db, 'internal', id, other.id)).toBe(false);
    expect(await fileBelongsTo(db, 'acme', id, task.id)).toBe(false);
    expect(await fileBelongsTo(db, 'internal', "x' or '1'='1", task.id)).toBe(false);
  });

  it('given uploads, when the assignee deletes one, then it is gone for everyone', async () => {
    const task = await lucasTask();
    const { id } = (await uploadTo(lucas, task.id, 'picture', await png())).json<StoredFileAnswer>()
      .result;
    const removed = await call(lucas, 'DELETE', FilePath.file(id));
    expect(removed.statusCode).toBe(200);
    expect((await call(lucas, 'GET', FilePath.file(id))).statusCode).toBe(404);
    expect(await filesOfTask(task.id)).toBe(0);
  });

  it('given forms that are not proper uploads, when sent, then 415 or 400 with the form reason', async () => {
    const task = await lucasTask();
    const json = await call(lucas, 'POST', FilePath.upload, { taskId: task.id, kind: 'picture' });
    expect(json.statusCode).toBe(415);
    expect(refusal(json).detail).toBe('file.badForm');
    const picture = await png();
    const incomplete: Array<Record<string, string>> = [
      { taskId: task.id },
      { kind: 'picture' },
      { taskId: task.id, kind: 'x' },
    ];
    for (const fields of incomplete) {
      const { body, contentType } = await multipartBody(fields, picture);
      const response = await lucas.request({
        method: 'POST',
        url: FilePath.upload,
        body,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refusal(response).detail).toBe('file.badForm');
    }
    const { body, contentType } = await multipartBody({ taskId: task.id, kind: 'picture' });
    const empty = await lucas.request({
      method: 'POST',
      url: FilePath.upload,
      body,
      headers: { 'content-type': contentType },
    });
    expect(empty.statusCode).toBe(400);
    expect(await filesOfTask(task.id)).toBe(0);
  });

  it('given uploads no saved form names, when the clean-up runs, then they go and a file a saved draft names stays', async () => {
    const task = await lucasTask();
    const kept = (await uploadTo(lucas, task.id, 'picture', await png())).json<StoredFileAnswer>()
      .result;
    const dropped = (
      await uploadTo(lucas, task.id, 'picture', await png())
    ).json<StoredFileAnswer>().result;
    const { db } = server.database;
    // The assignee's saved draft holds the first picture's id (the picture field's value).
    await db
      .updateTable('tasks')
      .set({ variables: JSON.stringify({ idPhoto: kept.id }) })
      .where('id', '=', task.id)
      .execute();
    const store = new DatabaseFileContentStore(db);
    // Nothing is old enough yet.
    expect((await sweepUnclaimedFiles(db, store, 1)).removed).toBe(0);
    await db
      .updateTable('files')
      .set({ updated_at: new Date(Date.now() - 2 * 3_600_000) })
      .where('task_id', '=', task.id)
      .execute();
    await sweepUnclaimedFiles(db, store, 1);
    expect((await call(lucas, 'GET', FilePath.file(kept.id))).statusCode).toBe(200);
    expect((await call(lucas, 'GET', FilePath.file(dropped.id))).statusCode).toBe(404);
    expect(await store.get('internal', dropped.id)).toBeUndefined();
  });
});
