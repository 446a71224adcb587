import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilePath, type StoredFileAnswer } from '../../schemas/api/files';
import type { TestServer } from '../../server/testing/startTestServer';
import { lucasTaskNamed, startFileStoreServer } from '../helpers/fileStoreServer';
import type { IdentityClient } from './identityClient';
import { multipartBody, type TestFile } from './uploadForm';

/** A signature as the pad or the typed mode sends it: a small white PNG. */
async function signaturePng(): Promise<TestFile> {
  const content = await sharp({
    create: { width: 48, height: 24, channels: 3, background: '#fff' },
  })
    .png()
    .toBuffer();
  return { name: 'customerSignature.png', type: 'image/png', content };
}

/** Sends an upload form with these text fields, as the file calls read them. */
async function send(
  client: IdentityClient,
  method: 'POST' | 'PATCH',
  url: string,
  fields: Record<string, string>,
): Promise<{ statusCode: number; body: string; json<T>(): T }> {
  const { body, contentType } = await multipartBody(fields, await signaturePng());
  return client.request({ method, url, body, headers: { 'content-type': contentType } });
}

describe('how a signature was made', () => {
  let server: TestServer;
  let lucas: IdentityClient;

  beforeAll(async () => {
    ({ server, lucas } = await startFileStoreServer());
  });

  afterAll(async () => {
    await server.close();
  });

  it('given a typed signature, when uploaded, then its file is marked typed; drawn again in its place, it is marked drawn', async () => {
    const task = await lucasTaskNamed(server, 'KYC capture');
    const typed = await send(lucas, 'POST', FilePath.upload, {
      taskId: task.id,
      kind: 'signature',
      signatureMethod: 'typed',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const stored = typed.json<StoredFileAnswer>().result;
    expect(stored).toMatchObject({ kind: 'signature', signatureMethod: 'typed' });

    const drawn = await send(lucas, 'PATCH', FilePath.file(stored.id), {
      signatureMethod: 'drawn',
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json<StoredFileAnswer>().result).toMatchObject({
      id: stored.id,
      signatureMethod: 'drawn',
    });
  });

  it('given a signature sent without a method, when uploaded, then it counts as drawn; a picture says nothing of a method', async () => {
    const task = await lucasTaskNamed(server, 'KYC capture');
    const signature = await send(lucas, 'POST', FilePath.upload, {
      taskId: task.id,
      kind: 'signature',
    });
    expect(signature.json<StoredFileAnswer>().result.signatureMethod).toBe('drawn');
    const picture = await send(lucas, 'POST', FilePath.upload, {
      taskId: task.id,
      kind: 'picture',
    });
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.json<StoredFileAnswer>().result).not.toHaveProperty('signatureMethod');
  });

  it('given a method on a picture or a method that is not one, when uploaded, then 400 with the form reason and nothing stored', async () => {
    const task = await lucasTaskNamed(server, 'KYC capture');
    for (const fields of [
      { taskId: task.id, kind: 'picture', signatureMethod: 'typed' },
      { taskId: task.id, kind: 'signature', signatureMethod: 'stamped' },
    ]) {
      const refused = await send(lucas, 'POST', FilePath.upload, fields);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ details: { code: string }[] }>().details[0]?.code).toBe('file.badForm');
    }
  });
});
