import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import type { StoredFileAnswer } from '../../schemas/api/files';
import { FormPath } from '../../schemas/api/forms';
import { TaskPath } from '../../schemas/api/tasksConstants';
import type { Task } from '../../server/engine';
import { findUserByEmail } from '../../server/identity/accounts';
import {
  deployFormProcesses,
  makeFormTask,
  storedTask,
} from '../../server/forms/testing/formTestKit';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';
import { uploadTo } from './uploadForm';

const FORM = 'DSG-customer-onboarding';

describe('a form value naming a stored file', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let ana: IdentityClient;

  /** A drawn signature as the pad exports it. */
  const signaturePng = async () => ({
    name: 'customerSignature.png',
    type: 'image/png',
    content: await sharp({
      create: { width: 60, height: 30, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer(),
  });

  /** Uploads a signature to a task; answers its id. */
  const signatureOf = async (client: IdentityClient, task: Task): Promise<string> => {
    const upload = await uploadTo(client, task.id, 'signature', await signaturePng());
    expect(upload.statusCode, upload.body).toBe(200);
    return upload.json<StoredFileAnswer>().result.id;
  };

  const saveSignature = (task: Task, fileId: string) =>
    call(lucas, 'PUT', FormPath.draft(task.id), { values: { customerSignature: fileId } });

  const problemsOf = (response: { json<T>(): T }) =>
    (response.json<ErrorBody>().details ?? []).map((detail) => [detail.path, detail.code]);

  beforeAll(async () => {
    server = await startTestServer();
    await deployFormProcesses(server, [FORM]);
    await deployFormProcesses(server, [FORM], 'acme');
    lucas = await signIn(server, EMAIL.lmartin);
    ana = await signIn(server, EMAIL.asouza, 'acme');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('given a signature uploaded to the task, when the draft names it, then it is saved', async () => {
    const task = await makeFormTask(server, { formKey: FORM, assignee: 'lmartin' });
    const fileId = await signatureOf(lucas, task);

    const saved = await saveSignature(task, fileId);

    expect(saved.statusCode, saved.body).toBe(200);
    expect((await storedTask(server, task.id)).variables).toMatchObject({
      customerSignature: fileId,
    });
  });

  it('given a signature uploaded to another task of the same officer, when the draft names it, then it is refused and nothing is saved', async () => {
    const task = await makeFormTask(server, { formKey: FORM, assignee: 'lmartin' });
    const other = await makeFormTask(server, { formKey: FORM, assignee: 'lmartin' });
    const foreign = await signatureOf(lucas, other);

    const refused = await saveSignature(task, foreign);

    expect(refused.statusCode, refused.body).toBe(422);
    expect(problemsOf(refused)).toEqual([['customerSignature', 'validation.file.notOwned']]);
    expect((await storedTask(server, task.id)).variables).not.toHaveProperty('customerSignature');
  });

  it('given another tenant’s file, when the draft names it, then it is refused', async () => {
    const task = await makeFormTask(server, { formKey: FORM, assignee: 'lmartin' });
    const anaRow = await findUserByEmail(server.database.db, 'acme', EMAIL.asouza);
    const acmeTask = await makeFormTask(server, {
      formKey: FORM,
      assignee: anaRow?.id ?? '',
      tenant: 'acme',
    });
    const acmeFile = await signatureOf(ana, acmeTask);

    const draft = await saveSignature(task, acmeFile);

    expect(draft.statusCode, draft.body).toBe(422);
    expect(problemsOf(draft)).toEqual([['customerSignature', 'validation.file.notOwned']]);
  });

  it('given a made-up id or an inline drawing, when saved, then it is refused', async () => {
    const task = await makeFormTask(server, { formKey: FORM, assignee: 'lmartin' });

    const unknown = await saveSignature(task, '0b5f6c7e-1a2b-4c3d-8e9f-001122334455');
    const inline = await saveSignature(task, 'data:image/png;base64,iVBORw0KGgo=');

    expect(problemsOf(unknown)).toEqual([['customerSignature', 'validation.file.notOwned']]);
    expect(problemsOf(inline)).toEqual([['customerSignature', 'validation.signature.invalid']]);
  });

  it('given a required signature left empty, when the form is completed, then it is refused as required', async () => {
    const task = await makeFormTask(server, { formKey: FORM, assignee: 'lmartin' });

    const refused = await call(lucas, 'POST', TaskPath.complete(task.id), {
      values: { customerSignature: null },
    });

    expect(refused.statusCode, refused.body).toBe(422);
    expect(problemsOf(refused)).toContainEqual(['customerSignature', 'validation.required']);
  });
});
