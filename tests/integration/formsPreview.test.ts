import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormPath, type PreviewAnswer } from '../../schemas/api/forms';
import { FORM_FIXTURES_DIR, storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { identityClient, type IdentityClient } from './identityClient';

async function fixture(name: string): Promise<unknown> {
  return JSON.parse(await readFile(join(FORM_FIXTURES_DIR, `${name}.json`), 'utf8')) as unknown;
}

describe('author preview compile call', () => {
  let server: TestServer;
  let priya: IdentityClient;
  let lucas: IdentityClient;
  let elena: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    priya = await signIn(server, EMAIL.pnair);
    lucas = await signIn(server, EMAIL.lmartin);
    elena = await signIn(server, EMAIL.evidal);
    // A form only the other tenant has: a reference to it must not resolve here.
    await storeFormDefinition(server.database.db, {
      tenant: 'acme',
      id: 'DSG-acme-only',
      kind: 'designer',
      definition: { id: 'DSG-acme-only', name: 'Acme only', fields: [] },
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('given a designer form with slips, when previewed, then the compiled form and coded warnings, nothing stored', async () => {
    const written = (await fixture('DSG-form-with-warnings')) as Record<string, unknown>;
    const definition = { ...written, id: 'DSG-preview-only' };
    const response = await call(priya, 'POST', FormPath.preview, { definition });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<PreviewAnswer>();
    expect(answer.kind).toBe('designer');
    expect(answer.errors).toEqual([]);
    expect(answer.form?.id).toBe('DSG-preview-only');
    const codes = answer.warnings.map((warning) => warning.code);
    expect(codes).toEqual(
      expect.arrayContaining(['field.duplicateId', 'field.unknownType', 'formula.cycle']),
    );
    expect(answer.warnings[0]).toMatchObject({ path: expect.stringMatching(/^\//) as string });
    const list = await call(priya, 'GET', FormPath.list);
    expect(list.json<{ data: { id: string }[] }>().data.map((form) => form.id)).not.toContain(
      'DSG-preview-only',
    );
  });

  it('given a definition that fails its format, when previewed, then no form and schema errors with pointers', async () => {
    const response = await call(priya, 'POST', FormPath.preview, {
      definition: { id: 'DSG-broken', fields: [{ id: 'a', type: 'input' }] },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<PreviewAnswer>();
    expect(answer.form).toBeNull();
    expect(answer.errors.length).toBeGreaterThan(0);
    expect(answer.errors[0]?.code).toMatch(/^schema\./);
  });

  it("given a combined task, when previewed, then references resolve against the caller's tenant only", async () => {
    const stored = await call(priya, 'POST', FormPath.preview, {
      definition: await fixture('CUT-loan-review'),
    });
    const answer = stored.json<PreviewAnswer>();
    expect(answer.kind).toBe('combined');
    expect(answer.refs).toEqual([
      { ref: 'DSG-loan-application', resolved: true, version: 1 },
      { ref: 'DSG-customer-onboarding', resolved: true, version: 1 },
    ]);
    expect(answer.form?.parts?.map((part) => part.resolved)).toEqual([true, true, true]);

    const foreign = await call(priya, 'POST', FormPath.preview, {
      definition: { id: 'CUT-foreign', name: 'Foreign', forms: [{ ref: 'DSG-acme-only' }] },
    });
    const unresolved = foreign.json<PreviewAnswer>();
    expect(unresolved.refs).toEqual([{ ref: 'DSG-acme-only', resolved: false, version: null }]);
    expect(unresolved.warnings.map((warning) => warning.code)).toContain('combined.unresolvedRef');
  });

  it('given a body that is not { definition }, when previewed, then 400 before compiling', async () => {
    const extra = await call(priya, 'POST', FormPath.preview, { definition: {}, store: true });
    expect(extra.statusCode).toBe(400);
    const missing = await call(priya, 'POST', FormPath.preview, {});
    expect(missing.statusCode).toBe(400);
  });

  it('given staff without access-test, without access-task or signed out, when previewing, then 403, 403 and 401', async () => {
    const body = { definition: { id: 'DSG-x', name: 'X', fields: [] } };
    const officer = await call(lucas, 'POST', FormPath.preview, body);
    expect(officer.statusCode).toBe(403);
    expect(officer.json()).toMatchObject({ code: 'INSUFFICIENT_PRIVILEGES' });
    expect((await call(elena, 'POST', FormPath.preview, body)).statusCode).toBe(403);
    const anonymous = await identityClient(server).request({
      method: 'POST',
      url: FormPath.preview,
      body,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
