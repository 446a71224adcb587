import { beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_LIST_LIMIT,
  NotificationPath,
  type NotificationSummary,
  type ReadNotificationsAnswer,
} from '../../schemas/api/notifications';
import {
  call,
  deployKit,
  EMAIL,
  makeTask,
  signIn,
} from '../../server/workflow/testing/taskTestKit';
import { identityClient, type IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';

// The bell lists the newest 20 of each kind but counts them all: opening a kind must read
// every one of them, or the count comes back after a reload.
describe('marking a kind of notification read', () => {
  const suite = setUpTestServer();
  let lucas: IdentityClient;
  let amara: IdentityClient;
  let javier: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    await deployKit(suite.server);
    await deployKit(suite.server, 'acme');
    ({ lucas, amara, javier, ana } = await signInDemoStaff(suite.server));
  });

  const summary = async (client: IdentityClient, userId: string): Promise<NotificationSummary> => {
    const response = await call(client, 'GET', NotificationPath.summary(userId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NotificationSummary>();
  };
  const markKind = async (client: IdentityClient, body: unknown): Promise<number> => {
    const response = await call(client, 'PUT', NotificationPath.readKind, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReadNotificationsAnswer>().result.updated;
  };
  const assignMany = async (assignee: string, count: number, tenant = 'internal') => {
    for (let index = 1; index <= count; index += 1) {
      await makeTask(suite.server, { name: `${assignee} case ${index}`, assignee, tenant });
    }
  };

  it('given 31 unread assigned notifications, when the kind is marked read, then a reload shows none of that kind and nothing else changed', async () => {
    // Given: Lucas has 31 new assigned tasks and a candidate one; Amara and an acme user have
    // assigned tasks of their own.
    await assignMany('lmartin', 31);
    const pool = await makeTask(suite.server, {
      name: 'Pool case for Lucas',
      candidateUsers: ['lmartin'],
    });
    await assignMany('aokafor', 3);
    await assignMany('acme-asouza', 2, 'acme');
    const before = await summary(lucas, 'lmartin');
    expect(before.assignedTasks.count).toBeGreaterThanOrEqual(31);
    expect(before.assignedTasks.notificationData).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(before.candidateTasks.notificationData.map((entry) => entry.taskId)).toContain(pool.id);
    const amaraBefore = await summary(amara, 'aokafor');
    expect(amaraBefore.assignedTasks.count).toBeGreaterThanOrEqual(3);
    const anaBefore = await summary(ana, 'acme-asouza');
    expect(anaBefore.assignedTasks.count).toBe(2);

    // When: Lucas opens the assigned kind, with the newest time his bell showed.
    const updated = await markKind(lucas, {
      kind: 'assigned',
      upTo: before.assignedTasks.notificationData[0]?.createdTime,
    });

    // Then: every one of them was read, not only the 20 listed, and the reload says so.
    expect(updated).toBeGreaterThanOrEqual(before.assignedTasks.count);
    const after = await summary(lucas, 'lmartin');
    expect(after.assignedTasks).toEqual({ count: 0, notificationData: [] });
    expect(after.candidateTasks).toEqual(before.candidateTasks);
    expect(await summary(amara, 'aokafor')).toEqual(amaraBefore);
    expect(await summary(ana, 'acme-asouza')).toEqual(anaBefore);
  });

  it('given the candidate kind, when it is marked read without a time, then all of it goes and the assigned kind stays', async () => {
    for (let index = 1; index <= 25; index += 1) {
      await makeTask(suite.server, { name: `Javier pool ${index}`, candidateUsers: ['jmorales'] });
    }
    await makeTask(suite.server, { name: 'Javier own case', assignee: 'jmorales' });
    const before = await summary(javier, 'jmorales');
    expect(before.candidateTasks.count).toBeGreaterThanOrEqual(25);
    expect(before.assignedTasks.count).toBeGreaterThanOrEqual(1);

    expect(await markKind(javier, { kind: 'candidate' })).toBeGreaterThanOrEqual(25);

    const after = await summary(javier, 'jmorales');
    expect(after.candidateTasks.count).toBe(0);
    expect(after.assignedTasks).toEqual(before.assignedTasks);
  });

  it('given a notification newer than what the bell showed, when the kind is marked read up to that view, then only the newer one stays unread', async () => {
    await assignMany('lmartin', 2);
    const shown = await summary(lucas, 'lmartin');
    const newestShown = shown.assignedTasks.notificationData[0]?.createdTime ?? '';
    expect(newestShown).not.toBe('');
    const late = await makeTask(suite.server, {
      name: 'Arrived after the look',
      assignee: 'lmartin',
    });
    // Its notification is dated a minute after the newest shown, whatever the clock did.
    await suite.server.database.db
      .updateTable('task_notifications')
      .set({ created_at: new Date(Date.parse(newestShown) + 60_000) })
      .where('tenant', '=', 'internal')
      .where('task_id', '=', late.id)
      .execute();

    await markKind(lucas, { kind: 'assigned', upTo: newestShown });

    const after = await summary(lucas, 'lmartin');
    expect(after.assignedTasks.count).toBe(1);
    expect(after.assignedTasks.notificationData.map((entry) => entry.taskId)).toEqual([late.id]);
  });

  it('given malformed kind requests, when sent, then 400 and nothing is read', async () => {
    await assignMany('lmartin', 1);
    const before = await summary(lucas, 'lmartin');
    for (const body of [
      {},
      { kind: 'all' },
      { kind: 'ASSIGNED' },
      { kind: ['assigned'] },
      { kind: 'assigned', upTo: 'yesterday' },
      { kind: 'assigned', upTo: '2026-06-10' },
      { kind: 'assigned', upTo: 1_781_000_000_000 },
      { kind: 'assigned', userId: 'aokafor' },
      { kind: 'assigned', notificationIds: [1] },
    ]) {
      const response = await call(lucas, 'PUT', NotificationPath.readKind, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
    expect(await summary(lucas, 'lmartin')).toEqual(before);
  });

  it('given someone without access-task or signed out, when marking a kind read, then 403 and 401', async () => {
    const elena = await signIn(suite.server, EMAIL.evidal);
    expect(
      (await call(elena, 'PUT', NotificationPath.readKind, { kind: 'assigned' })).statusCode,
    ).toBe(403);
    const stranger = identityClient(suite.server, 'internal');
    expect(
      (await call(stranger, 'PUT', NotificationPath.readKind, { kind: 'assigned' })).statusCode,
    ).toBe(401);
  });

  it('given ids beyond what an id can be, when marking them read, then 400 rather than a failed query', async () => {
    for (const notificationIds of [[1e20], [Number.MAX_SAFE_INTEGER + 1], [2 ** 63], [1, 1e300]]) {
      const response = await call(lucas, 'PUT', NotificationPath.read, { notificationIds });
      expect(response.statusCode, JSON.stringify(notificationIds)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
    // The largest id the schema admits is a well-formed request that reads nothing.
    const largest = await call(lucas, 'PUT', NotificationPath.read, {
      notificationIds: [Number.MAX_SAFE_INTEGER],
    });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json()).toEqual({ result: { updated: 0 } });
  });
});
