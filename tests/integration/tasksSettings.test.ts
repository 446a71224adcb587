import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserPath } from '../../schemas/api/users';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';

describe('user settings', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let amara: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    lucas = await signIn(server, EMAIL.lmartin);
    amara = await signIn(server, EMAIL.aokafor);
    ana = await signIn(server, EMAIL.asouza, 'acme');
  });

  afterAll(async () => {
    await server.close();
  });

  it('given no settings yet, when reading, then an empty object', async () => {
    const response = await call(lucas, 'GET', UserPath.settings);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: {} });
  });

  it('given patches, when applied, then keys merge one level deep and null removes a key', async () => {
    await call(lucas, 'PATCH', UserPath.settings, { pageSize: { assigned: 20 }, language: 'fr' });
    await call(lucas, 'PATCH', UserPath.settings, { pageSize: { team: 100 }, theme: 'dark' });
    const removed = await call(lucas, 'PATCH', UserPath.settings, { language: null });
    expect(removed.json()).toEqual({ result: { pageSize: { team: 100 }, theme: 'dark' } });
    expect((await call(lucas, 'GET', UserPath.settings)).json()).toEqual({
      result: { pageSize: { team: 100 }, theme: 'dark' },
    });
  });

  it('given another user and another tenant, when reading, then each has their own', async () => {
    expect((await call(amara, 'GET', UserPath.settings)).json()).toEqual({ result: {} });
    expect((await call(ana, 'GET', UserPath.settings)).json()).toEqual({ result: {} });
  });

  it('given settings that would grow past 16 KiB, when patching, then 400 and nothing changes', async () => {
    const before = (await call(lucas, 'GET', UserPath.settings)).json();
    const response = await call(lucas, 'PATCH', UserPath.settings, { blob: 'x'.repeat(17_000) });
    expect(response.statusCode).toBe(400);
    expect((await call(lucas, 'GET', UserPath.settings)).json()).toEqual(before);
  });

  it('given malformed patches, when sent, then 400', async () => {
    for (const body of [[1, 2], { '': 1 }, { ['k'.repeat(101)]: 1 }]) {
      expect(
        (await call(lucas, 'PATCH', UserPath.settings, body)).statusCode,
        JSON.stringify(body).slice(0, 40),
      ).toBe(400);
    }
    expect((await call(lucas, 'GET', `${UserPath.settings}?x=1`)).statusCode).toBe(400);
  });

  it('given no access-task, when reading settings, then 403', async () => {
    const elena = await signIn(server, EMAIL.evidal);
    expect((await call(elena, 'GET', UserPath.settings)).statusCode).toBe(403);
  });
});
