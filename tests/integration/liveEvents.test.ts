import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommentPath } from '../../schemas/api/comments';
import { LIVE_RETRY_MS, LivePath, LiveTaskChange } from '../../schemas/api/live';
import { TaskPath } from '../../schemas/api/tasks';
import { buildApp } from '../../server/app';
import { createDatabase, type AppDatabase } from '../../server/db/database';
import { hashToken, revokeSession } from '../../server/identity/sessions';
import { pruneLiveEvents } from '../../server/live/liveEvents';
import { LIVE_STREAMS_PER_USER } from '../../server/live/LiveHub';
import { drainAndClose } from '../../server/operator/draining';
import { testConfig } from '../../server/testing/startTestServer';
import {
  call,
  deployKit,
  EMAIL,
  makeTask,
  signIn,
} from '../../server/workflow/testing/taskTestKit';
import { openEventStream, type EventStreamClient, type SseFrame } from '../helpers/eventStream';
import { setUpTestServer } from '../helpers/setUpTestServer';
import type { IdentityClient } from './identityClient';

const isTask = (frame: SseFrame) => frame.event === 'task';
const taskFrameOf = (taskId: string, change?: string) => (frame: SseFrame) =>
  isTask(frame) &&
  frame.data !== undefined &&
  (JSON.parse(frame.data) as { taskId: string; change: string }).taskId === taskId &&
  (change === undefined || frame.data.includes(`"change":"${change}"`));
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A review offered to Lucas that an interrupting message boundary event can recall. */
const RECALL_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="liveDefinitions" targetNamespace="live">
  <message id="recalled" name="caseRecalled" />
  <process id="liveRecall" name="Live recall" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="toReview" sourceRef="start" targetRef="review" />
    <userTask id="review" name="Review" camunda:candidateUsers="lmartin" />
    <sequenceFlow id="toEnd" sourceRef="review" targetRef="end" />
    <endEvent id="end" />
    <boundaryEvent id="recall" attachedToRef="review" cancelActivity="true">
      <messageEventDefinition messageRef="recalled" />
    </boundaryEvent>
    <sequenceFlow id="toRecalled" sourceRef="recall" targetRef="recalledEnd" />
    <endEvent id="recalledEnd" />
  </process>
</definitions>`;

describe('live inbox', () => {
  const suite = setUpTestServer();
  let lucas: IdentityClient;
  let amara: IdentityClient;
  let ana: IdentityClient;
  const open: EventStreamClient[] = [];

  beforeAll(async () => {
    await deployKit(suite.server);
    await deployKit(suite.server, 'acme');
    lucas = await signIn(suite.server, EMAIL.lmartin);
    amara = await signIn(suite.server, EMAIL.aokafor);
    ana = await signIn(suite.server, EMAIL.asouza, 'acme');
  });
  // A failed test leaves no stream behind to be woken in the next.
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });

  /** Opens the live stream of a signed-in client on an app's port; waits for its opening. */
  async function stream(
    client: { host: string; cookie: string | undefined },
    options: { path?: string; headers?: Record<string, string>; port?: number; host?: string } = {},
  ): Promise<EventStreamClient> {
    const opened = await openEventStream({
      port: options.port ?? suite.server.port,
      host: options.host ?? client.host,
      cookie: client.cookie,
      path: options.path ?? LivePath.events,
      headers: options.headers,
    });
    open.push(opened);
    if (opened.status === 200) await opened.waitFor((frame) => frame.retry !== undefined);
    return opened;
  }

  /** The newest event id the browser was told, from the id frames so far. */
  const lastId = (client: EventStreamClient) =>
    client.frames.filter((frame) => frame.id !== undefined).at(-1)?.id ?? '';

  it('given a signed-in staff member, when they open the stream, then it is an event stream that starts with the retry time and an id, under the usual security headers', async () => {
    const client = await stream(lucas);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-store');
    expect(client.headers['x-content-type-options']).toBe('nosniff');
    expect(client.headers['content-security-policy']).toContain("default-src 'self'");
    expect(client.headers['content-encoding']).toBeUndefined();
    await client.waitFor((frame) => frame.id !== undefined);
    expect(client.frames[0]).toEqual({ retry: String(LIVE_RETRY_MS) });
    expect(client.frames[1]?.id).toMatch(/^\d+$/);
    client.close();
  });

  it('given open streams, when a task of theirs is created, claimed, commented, moved and completed, then its user gets each change in order and nothing of other people or tenants', async () => {
    const lucasStream = await stream(lucas);
    const amaraStream = await stream(amara);
    const anaStream = await stream(ana);
    const task = await makeTask(suite.server, {
      name: 'Live pool task',
      candidateGroups: ['loan-officers'],
    });
    const amaraOnly = await makeTask(suite.server, { name: 'Only Amara', assignee: 'aokafor' });
    const acmeTask = await makeTask(suite.server, {
      name: 'Acme pool task',
      tenant: 'acme',
      candidateGroups: ['loan-officers'],
    });
    const claimed = await call(lucas, 'PUT', TaskPath.claim(task.id));
    expect(claimed.statusCode, claimed.body).toBeLessThan(300);
    const commented = await call(lucas, 'POST', CommentPath.add, {
      taskName: task.name,
      taskId: task.id,
      processInstanceId: task.instanceId,
      comment: 'Looking at it now',
    });
    expect(commented.statusCode, commented.body).toBe(200);
    await suite.server.app.engine.setTaskDueDate('internal', task.id, {
      dueDate: new Date('2030-01-02T12:00:00Z'),
      actor: 'mgarcia',
    });
    await suite.server.app.engine.completeTask('internal', task.id, { userId: 'lmartin' });

    await lucasStream.waitFor(taskFrameOf(task.id, LiveTaskChange.closed), 1_000);
    const mine = lucasStream.taskEvents();
    expect(mine.map((event) => event.data)).toEqual([
      expect.objectContaining({
        change: 'created',
        taskId: task.id,
        assignee: null,
        previousAssignee: null,
        actor: null,
      }),
      expect.objectContaining({
        change: 'assigneeChanged',
        assignee: 'lmartin',
        previousAssignee: null,
        actor: 'lmartin',
      }),
      expect.objectContaining({ change: 'commented', assignee: 'lmartin', actor: 'lmartin' }),
      expect.objectContaining({ change: 'dueDateChanged', actor: 'mgarcia' }),
      expect.objectContaining({ change: 'closed', assignee: 'lmartin', actor: 'lmartin' }),
    ]);
    expect(mine.every((event) => event.data.taskId === task.id)).toBe(true);
    expect(Object.keys(mine[0]?.data ?? {}).sort()).toEqual(
      ['actor', 'assignee', 'at', 'change', 'previousAssignee', 'taskId'].sort(),
    );
    const ids = mine.map((event) => Number(event.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // Amara is a loan officer too (the pool task) and the only one of hers.
    await amaraStream.waitFor(taskFrameOf(amaraOnly.id, LiveTaskChange.created), 1_000);
    await amaraStream.waitFor(taskFrameOf(task.id, LiveTaskChange.closed), 1_000);
    // Ana, at acme, sees acme's pool task and nothing of the internal tenant.
    await anaStream.waitFor(taskFrameOf(acmeTask.id, LiveTaskChange.created), 1_000);
    expect(anaStream.taskEvents().map((event) => event.data.taskId)).toEqual([acmeTask.id]);
    for (const client of [lucasStream, amaraStream, anaStream]) client.close();
  });

  it('given an open stream, when the case of a task offered to its user is withdrawn, then the task is closed for them', async () => {
    const lucasStream = await stream(lucas);
    const task = await makeTask(suite.server, { name: 'Withdrawn', candidateUsers: ['lmartin'] });
    await suite.server.app.engine.cancelInstance('internal', task.instanceId, {
      userId: 'pnair',
      reason: 'The customer withdrew',
    });
    const closed = await lucasStream.waitFor(taskFrameOf(task.id, LiveTaskChange.closed), 1_000);
    expect(JSON.parse(closed.data ?? '')).toMatchObject({ actor: null, assignee: null });
    lucasStream.close();
  });

  it('given an open stream, when an interrupting message boundary event cancels a task offered to its user, then the task is closed for them', async () => {
    await suite.server.app.engine.deploy('internal', RECALL_BPMN);
    const lucasStream = await stream(lucas);
    const instance = await suite.server.app.engine.startProcess('internal', {
      key: 'liveRecall',
      startedBy: 'pnair',
    });
    const [task] = await suite.server.app.engine.listInstanceTasks('internal', instance.id, {
      completed: false,
    });
    if (!task) throw new Error('The recall process did not stop at its review.');
    await lucasStream.waitFor(taskFrameOf(task.id, LiveTaskChange.created), 1_000);
    await suite.server.app.engine.correlateMessage('internal', {
      messageName: 'caseRecalled',
      processInstanceId: instance.id,
      actor: 'pnair',
    });
    const closed = await lucasStream.waitFor(taskFrameOf(task.id, LiveTaskChange.closed), 1_000);
    expect(JSON.parse(closed.data ?? '')).toMatchObject({ actor: null, assignee: null });
  });

  it('given a change that rolls back, when it fails, then no stream hears of it', async () => {
    const lucasStream = await stream(lucas);
    const { count: before } = await suite.server.database.db
      .selectFrom('live_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const refuse = suite.server.app.engine.onTaskCreated(() => {
      throw new Error('refused on purpose');
    });
    try {
      await expect(
        makeTask(suite.server, { name: 'Never made', candidateUsers: ['lmartin'] }),
      ).rejects.toThrow('refused on purpose');
    } finally {
      refuse();
    }
    const kept = await makeTask(suite.server, { name: 'Made', candidateUsers: ['lmartin'] });
    await lucasStream.waitFor(taskFrameOf(kept.id), 1_000);
    expect(lucasStream.taskEvents().map((event) => event.data.taskId)).toEqual([kept.id]);
    const { count: after } = await suite.server.database.db
      .selectFrom('live_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after) - Number(before)).toBe(1);
    lucasStream.close();
  });

  it('given a dropped stream, when it reconnects with Last-Event-ID or ?lastEventId=, then it gets exactly what it missed, in order', async () => {
    const first = await stream(lucas);
    const seen = await makeTask(suite.server, { name: 'Seen', candidateUsers: ['lmartin'] });
    const seenFrame = await first.waitFor(taskFrameOf(seen.id), 1_000);
    first.close();
    const missedA = await makeTask(suite.server, { name: 'Missed A', candidateUsers: ['lmartin'] });
    await makeTask(suite.server, { name: 'Not his', assignee: 'aokafor' });
    const missedB = await makeTask(suite.server, { name: 'Missed B', assignee: 'lmartin' });

    for (const how of ['header', 'query'] as const) {
      const again = await stream(
        lucas,
        how === 'header'
          ? { headers: { 'last-event-id': seenFrame.id ?? '' } }
          : { path: `${LivePath.events}?lastEventId=${seenFrame.id ?? ''}` },
      );
      await again.waitFor(taskFrameOf(missedB.id), 1_000);
      await pause(200);
      expect(again.taskEvents().map((event) => [event.data.taskId, event.data.change])).toEqual([
        [missedA.id, 'created'],
        [missedB.id, 'created'],
      ]);
      expect(again.frames.some((frame) => frame.event === 'resync')).toBe(false);
      again.close();
    }
  });

  it('given a Last-Event-ID past the newest event, or older than the events kept, when the stream opens, then it says resync with the id to go on from', async () => {
    const ahead = await stream(lucas, { headers: { 'last-event-id': '999999999999' } });
    const resync = await ahead.waitFor((frame) => frame.event === 'resync');
    expect(resync.data).toBe('{}');
    expect(Number(resync.id)).toBeLessThan(999999999999);
    expect(ahead.taskEvents()).toEqual([]);
    ahead.close();

    const old = await stream(lucas);
    const before = await makeTask(suite.server, { name: 'Before', candidateUsers: ['lmartin'] });
    const oldId = (await old.waitFor(taskFrameOf(before.id), 1_000)).id ?? '';
    old.close();
    await makeTask(suite.server, { name: 'Between', candidateUsers: ['lmartin'] });
    await makeTask(suite.server, { name: 'Between too', candidateUsers: ['lmartin'] });
    // The retention passes for everything so far; one change comes after.
    await pruneLiveEvents(suite.server.database.db, 0);
    const after = await makeTask(suite.server, { name: 'After', candidateUsers: ['lmartin'] });
    const back = await stream(lucas, { headers: { 'last-event-id': oldId } });
    const told = await back.waitFor((frame) => frame.event === 'resync');
    expect(Number(told.id)).toBeGreaterThan(Number(oldId));
    await pause(200);
    expect(back.taskEvents()).toEqual([]);
    // From the resync's id on, the stream goes on as usual.
    const next = await makeTask(suite.server, { name: 'Next', candidateUsers: ['lmartin'] });
    await back.waitFor(taskFrameOf(next.id), 1_000);
    expect(back.taskEvents().map((event) => event.data.taskId)).not.toContain(after.id);
    back.close();
  });

  it('given hostile or missing credentials and ids, when the stream is asked for, then 4xx and no stream', async () => {
    const anonymous = await stream({ host: lucas.host, cookie: undefined });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(await anonymous.body())).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    for (const [headers, path] of [
      [{ 'last-event-id': 'abc' }, LivePath.events],
      [{ 'last-event-id': '1'.repeat(16) }, LivePath.events],
      [{ 'last-event-id': '-1' }, LivePath.events],
      [{}, `${LivePath.events}?lastEventId=1e3`],
      [{}, `${LivePath.events}?lastEventId=${'9'.repeat(40)}`],
      [{}, `${LivePath.events}?other=1`],
    ] as const) {
      const refused = await stream(lucas, { headers, path });
      expect(refused.status, `${JSON.stringify(headers)} ${path}`).toBe(400);
      expect(JSON.parse(await refused.body())).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it(`given a user with ${LIVE_STREAMS_PER_USER} open streams, when one more is opened, then it is refused with 429 until one closes`, async () => {
    const javier = await signIn(suite.server, EMAIL.jmorales);
    const streams: EventStreamClient[] = [];
    for (let index = 0; index < LIVE_STREAMS_PER_USER; index++) streams.push(await stream(javier));
    expect(streams.every((client) => client.status === 200)).toBe(true);
    const refused = await stream(javier);
    expect(refused.status).toBe(429);
    streams[0]?.close();
    await streams[0]?.ended;
    await pause(100);
    const allowed = await stream(javier);
    expect(allowed.status).toBe(200);
    for (const client of [...streams, allowed]) client.close();
  });

  it('given an open stream, when its session is revoked, then the next wake closes it without sending the change', async () => {
    const lucasAgain = await signIn(suite.server, EMAIL.lmartin);
    const client = await stream(lucasAgain);
    await revokeSession(suite.server.database.db, hashToken(lucasAgain.cookie ?? ''));
    await makeTask(suite.server, { name: 'After sign-out', candidateUsers: ['lmartin'] });
    await client.ended;
    expect(client.taskEvents()).toEqual([]);
  });

  it('given an idle stream, when other people’s tasks change, then it issues no query; a change of its own user is read', async () => {
    const statements: string[] = [];
    const stop = suite.server.database.onQuery((_ms, _failed, text) => statements.push(text));
    try {
      const client = await stream(lucas);
      await client.waitFor((frame) => frame.id !== undefined);
      await expect.poll(() => suite.server.app.live.size).toBe(1);
      await pause(100);
      statements.length = 0;
      await makeTask(suite.server, { name: 'Amara’s only', assignee: 'aokafor' });
      await pause(1_000);
      const streamReads = () =>
        statements.filter(
          (text) =>
            /^\s*select/i.test(text) && /"live_events"|"sessions"|"group_members"/.test(text),
        );
      expect(streamReads()).toEqual([]);
      const his = await makeTask(suite.server, { name: 'His', assignee: 'lmartin' });
      await client.waitFor(taskFrameOf(his.id), 1_000);
      expect(streamReads().length).toBeGreaterThan(0);
      client.close();
    } finally {
      stop();
    }
  });

  it('given PostgreSQL, when the listening connection is cut, then it reconnects and the streams catch up on what came meanwhile', async (context) => {
    if (suite.server.database.kind !== 'postgres') context.skip();
    const { db } = suite.server.database;
    const lucasStream = await stream(lucas);
    await lucasStream.waitFor((frame) => frame.id !== undefined);
    const cut = await sql<{ cut: boolean }>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN %'`.execute(db);
    expect(cut.rows.length).toBeGreaterThan(0);
    const meanwhile = await makeTask(suite.server, { name: 'Meanwhile', assignee: 'lmartin' });
    await lucasStream.waitFor(taskFrameOf(meanwhile.id), 5_000);
    const after = await makeTask(suite.server, { name: 'Afterwards', assignee: 'lmartin' });
    await lucasStream.waitFor(taskFrameOf(after.id), 1_000);
  });

  describe('two server processes on one database', () => {
    let second: FastifyInstance;
    let secondDatabase: AppDatabase;
    let ownDatabase = false;
    let port = 0;

    beforeAll(async () => {
      secondDatabase = suite.server.database;
      const serverUrl = process.env.DATABASE_URL;
      if (serverUrl && suite.server.database.kind === 'postgres') {
        // A pool and a listening connection of its own, as another process would have.
        const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
          suite.server.database.db,
        );
        const url = new URL(serverUrl);
        url.pathname = `/${rows[0]?.name ?? ''}`;
        secondDatabase = await createDatabase({ databaseUrl: url.toString(), poolSize: 2 });
        ownDatabase = true;
      }
      second = await buildApp({
        config: testConfig({ metricsToken: 'live-metrics' }),
        database: secondDatabase,
      });
      await second.listen({ host: 'localhost', port: 0 });
      port = (second.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await second.close();
      if (ownDatabase) await secondDatabase.close();
    });

    it('given a stream on the second process, when a change is made through the first, then it arrives within a second', async () => {
      const client = await stream(lucas, { port, host: `localhost:${port}` });
      expect(client.status).toBe(200);
      await client.waitFor((frame) => frame.id !== undefined);
      const task = await makeTask(suite.server, {
        name: 'Across',
        candidateGroups: ['loan-officers'],
      });
      const started = Date.now();
      await client.waitFor(taskFrameOf(task.id, LiveTaskChange.created), 1_000);
      const claimed = await call(amara, 'PUT', TaskPath.claim(task.id));
      expect(claimed.statusCode, claimed.body).toBeLessThan(300);
      await client.waitFor(taskFrameOf(task.id, LiveTaskChange.assigneeChanged), 1_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(lastId(client)).toMatch(/^\d+$/);
      client.close();
    });

    it('given open streams on a process, when it drains for shutdown, then they end at once and the drain finishes in time', async () => {
      const clients = [
        await stream(lucas, { port, host: `localhost:${port}` }),
        await stream(amara, { port, host: `localhost:${port}` }),
      ];
      expect(second.live.size).toBe(2);
      const scrape = await second.operator.metrics?.scrape();
      expect(scrape?.text).toContain('tessera_live_connections 2');
      const started = Date.now();
      const report = await drainAndClose(second, { delayMs: 0, timeoutMs: 10_000 });
      await Promise.all(clients.map((client) => client.ended));
      expect(report.finished).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(second.live.size).toBe(0);
    });
  });
});
