import { describe, expect, it } from 'vitest';
import { FormPath } from '../../schemas/api/forms';
import { NotificationPath } from '../../schemas/api/notifications';
import { RecordsPath } from '../../schemas/api/records';
import { TaskPath } from '../../schemas/api/tasks';
import { identityClient, type IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';

/** Past a bigint, past an int4 column, negative, fractional. */
const HUGE_IDS = [1e20, 2 ** 31, -1, 1.5];

describe('numeric ids, versions and pages bounded by their schema', { timeout: 120_000 }, () => {
  const suite = setUpTestServer();

  async function signedIn(): Promise<IdentityClient> {
    const client = identityClient(suite.server);
    expect((await client.login('claire.dubois@tessera.example')).statusCode).toBe(200);
    return client;
  }

  it('given notification ids past what a bigint or JSON holds exactly, negative or fractional, when marked read, then 400 VALIDATION_ERROR', async () => {
    const client = await signedIn();
    for (const id of [1e20, 2 ** 53, -1, 1.5, 0]) {
      const response = await client.request({
        method: 'PUT',
        url: NotificationPath.read,
        body: { notificationIds: [id] },
      });
      expect(response.statusCode, String(id)).toBe(400);
      expect(response.json().code, String(id)).toBe('VALIDATION_ERROR');
    }
    // 2^31 is a bigint id like any other: nobody has it, so nothing is marked.
    const inRange = await client.request({
      method: 'PUT',
      url: NotificationPath.read,
      body: { notificationIds: [2 ** 31] },
    });
    expect(inRange.statusCode).toBe(200);
    expect(inRange.json()).toEqual({ result: { updated: 0 } });
  });

  it('given an object or form version far out of range, when read, then 400', async () => {
    const client = await signedIn();
    for (const version of [...HUGE_IDS, '100000000000000000000']) {
      const urls = [
        RecordsPath.definition('customers', String(version)),
        FormPath.formVersion('some-form', String(version)),
      ];
      for (const url of urls) {
        const response = await client.request({ url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().code, url).toBe('VALIDATION_ERROR');
      }
    }
  });

  it('given a task-list page far out of range, when queried, then 400', async () => {
    const client = await signedIn();
    for (const page of HUGE_IDS) {
      const response = await client.request({
        method: 'POST',
        url: TaskPath.assigned,
        body: { page, size: 10 },
      });
      expect(response.statusCode, String(page)).toBe(400);
      expect(response.json().code, String(page)).toBe('VALIDATION_ERROR');
    }
  });
});
