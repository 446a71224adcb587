import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identityConstants';
import { LivePath, LiveStreamEvent, LiveTaskChange } from '../../schemas/api/liveConstants';
import type { ReassignBody, TaskListAnswer, TaskQueryBody } from '../../schemas/api/tasks';
import { TaskPath } from '../../schemas/api/tasksConstants';
import { ProcessEngine } from '../../server/engine';
import { projectPath } from '../../server/paths';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { LOGIN_LIMITS } from '../../server/identity/loginThrottle';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';
import { createTestDatabase, type TestDatabase } from '../../server/testing/createTestDatabase';
import {
  answering,
  buildServerBundle,
  haproxyInstalled,
  SERVED_BY,
  startBalancer,
  startServerProcess,
  stopProcess,
  type Balancer,
  type ServerProcess,
} from '../helpers/loadBalancedServers';
import { launchBrowser, openPage } from '../helpers/browser';
import { freePort } from '../helpers/freePort';
import { seedRacers } from '../helpers/racers';
import { signIn as signInPage } from '../helpers/signIn';

/** Three processes migrating and seeding one empty database at once: about 30 s on two cores. */
const START_MS = 180_000;
/** On SIGTERM a server answers /readyz 503 this long (the health check's 2 s × 2, and 1 s). */
const DRAIN_DELAY_SECONDS = 5;
/** The second server's metrics token. */
const METRICS_TOKEN = 'load-balanced-metrics-token';
/** The claimers of the race, in a group of their own. */
const RACERS = Array.from({ length: 30 }, (_, index) => `racer${index}`);

const RACE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="race" targetNamespace="balanced">
  <process id="balancedRace" name="Balanced race" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="toWork" sourceRef="start" targetRef="work" />
    <userTask id="work" name="Race for it" camunda:candidateGroups="racers" />
    <sequenceFlow id="toEnd" sourceRef="work" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

const REVIEW_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="review" targetNamespace="balanced">
  <process id="balancedReview" name="Balanced review" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="toWork" sourceRef="start" targetRef="work" />
    <userTask id="work" name="Review on both servers" camunda:assignee="lmartin" />
    <sequenceFlow id="toEnd" sourceRef="work" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

const TIMER_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="timer" targetNamespace="balanced">
  <process id="balancedTimer" name="Balanced timer" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="toWait" sourceRef="start" targetRef="wait" />
    <intermediateCatchEvent id="wait" name="An hour later">
      <timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition>
    </intermediateCatchEvent>
    <sequenceFlow id="toAfter" sourceRef="wait" targetRef="after" />
    <userTask id="after" name="After the timer" camunda:assignee="racer0" />
    <sequenceFlow id="toEnd" sourceRef="after" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/** A session: the cookie a sign-in set. */
type Session = string;

/** Calls `url` with the session's cookie; answers the status, the server that answered and the body. */
async function call(
  url: string,
  session: Session | undefined,
  init: RequestInit = {},
): Promise<{ status: number; servedBy: string | null; body: unknown }> {
  const response = await fetch(url, {
    ...init,
    headers: {
      ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the message.
  }
  return { status: response.status, servedBy: response.headers.get(SERVED_BY), body };
}

/** Signs in at `origin` (a server or the balancer) and answers the session it set. */
async function signIn(origin: string, email: string): Promise<Session> {
  const response = await fetch(`${origin}${IdentityPath.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (response.status !== 200 || !cookie) {
    throw new Error(
      `signing ${email} in at ${origin}: ${response.status} ${await response.text()}`,
    );
  }
  return cookie.slice(SESSION_COOKIE.length + 1);
}

/** One Server-Sent Event as it came: its name and its data. */
interface StreamEvent {
  event: string;
  data: string;
}

/**
 * A raw reader of the live stream (fetch and its body, as any client could): collects the
 * events as they arrive until `close()`.
 */
async function openLiveStream(origin: string, session: Session) {
  const abort = new AbortController();
  const response = await fetch(`${origin}${LivePath.events}`, {
    headers: { cookie: `${SESSION_COOKIE}=${session}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  const reading = (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffered += decoder.decode(value, { stream: true });
        let end = buffered.indexOf('\n\n');
        while (end !== -1) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trimStart())
              .join('\n');
          events.push({ event: field('event') || 'message', data: field('data') });
          end = buffered.indexOf('\n\n');
        }
      }
    } catch {
      // Closed by close().
    }
  })();
  return {
    status: response.status,
    events,
    /** Resolves with the first event `matches` takes, or rejects after `limitMs`. */
    async waitFor(matches: (event: StreamEvent) => boolean, limitMs: number) {
      const start = Date.now();
      for (;;) {
        const found = events.find(matches);
        if (found) return found;
        if (Date.now() - start > limitMs) {
          throw new Error(`no such event within ${limitMs} ms: ${JSON.stringify(events)}`);
        }
        await sleep(50);
      }
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
}

const databaseUrl = process.env.DATABASE_URL;

// Several server processes need PostgreSQL: the embedded database serves one process only.
describe.skipIf(!databaseUrl)(
  'two servers, one of them two processes, on one PostgreSQL behind HAProxy',
  { timeout: 120_000 },
  () => {
    let database: TestDatabase | undefined;
    let removeBundle = () => {};
    const servers: ServerProcess[] = [];
    let balancer: Balancer | undefined;
    let engine: ProcessEngine;

    const server = (index: number): ServerProcess => {
      const found = servers[index];
      if (!found) throw new Error(`no server ${index}`);
      return found;
    };
    const through = (): string => {
      if (!balancer) throw new Error('no balancer');
      return balancer.url;
    };
    /** Starts a review, which the process gives to Lucas, and answers its task. */
    const startReview = async () => {
      const instance = await engine.startProcess('internal', {
        key: 'balancedReview',
        startedBy: 'mgarcia',
      });
      const [task] = await engine.listInstanceTasks('internal', instance.id, { completed: false });
      if (!task) throw new Error('the review process did not stop at its task');
      return task;
    };
    /** María, the supervisor, gives Lucas's review to Amara through the second server. */
    const reassignToAmara = async (
      task: Awaited<ReturnType<typeof startReview>>,
      maria: Session,
    ) => {
      const body: ReassignBody = {
        fromUser: 'lmartin',
        toUser: 'aokafor',
        taskId: task.id,
        comment: '',
        processInstanceId: task.instanceId,
        userId: 'mgarcia',
        taskName: task.name,
      };
      const reassigned = await call(`${server(1).url}${TaskPath.reassign}`, maria, {
        method: 'PUT',
        body: JSON.stringify(body),
        headers: { 'x-tenant-name': 'internal' },
      });
      expect(reassigned.status, JSON.stringify(reassigned.body)).toBe(200);
    };

    beforeAll(async () => {
      if (!haproxyInstalled()) {
        throw new Error(
          'haproxy is not on PATH: install it (apt-get install -y haproxy) to run this test.',
        );
      }
      const [bundle, created] = await Promise.all([buildServerBundle(), createTestDatabase()]);
      removeBundle = bundle.remove;
      database = created;
      if (!created.url) throw new Error('DATABASE_URL is set, so the test database has a URL');
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: created.url,
        TRUST_PROXY: 'true',
        DRAIN_DELAY_SECONDS: String(DRAIN_DELAY_SECONDS),
        RATE_LIMIT_PER_MINUTE: '100000',
        // Room for every sign-in of one address that the tests send at once (two per slot):
        // a guess the hashing queue turned away would not reach the sign-in throttle.
        PASSWORD_HASH_CONCURRENCY: '4',
        LOG_LEVEL: 'warn',
        // The mails of the demo's start stay out of the project's data folder.
        MAIL_DIR: `${bundle.bundle}-mail`,
      };
      // Both start at once on the empty database: one process migrates and seeds, the others
      // wait. The second server is two processes on its port (TESSERA_PROCESSES), as a
      // server on a machine with more cores would run, and shows its metrics.
      servers.push(startServerProcess('tessera-a', bundle.bundle, await freePort(), env));
      servers.push(
        startServerProcess('tessera-b', bundle.bundle, await freePort(), {
          ...env,
          TESSERA_PROCESSES: '2',
          METRICS_TOKEN,
        }),
      );
      const startMs = await Promise.all(
        servers.map((each) => answering(each, `${each.url}/readyz`, START_MS)),
      );
      console.log(`both servers answered after ${Math.max(...startMs)} ms`);
      balancer = await startBalancer(servers.map(({ name, port }) => ({ name, port })));
      await answering(balancer, `${balancer.url}/readyz`, 20_000);

      const { db } = created;
      engine = new ProcessEngine(db);
      await engine.deploy('internal', RACE_BPMN);
      await engine.deploy('internal', TIMER_BPMN);
      await engine.deploy('internal', REVIEW_BPMN);
      await seedRacers(db, RACERS);
    }, START_MS + 60_000);

    afterAll(async () => {
      // Every process goes, whatever happened; then the database and the bundle.
      for (const running of [balancer, ...servers]) {
        if (running) await stopProcess(running, 'SIGKILL');
      }
      balancer?.remove();
      await database?.close();
      removeBundle();
    });

    it('given two servers starting at once on an empty database, when both answer, then the demo was seeded once', async () => {
      const db = database?.db;
      if (!db) throw new Error('no database');
      const twice = await sql<{ what: string }>`
      select 'template ' || name as what from document_templates
        group by tenant, scope, name having count(*) > 1
      union all
      select 'definition ' || key from object_definitions
        group by tenant, key, version having count(*) > 1
      union all
      select 'tenant ' || name from tenants group by name having count(*) > 1`.execute(db);
      expect(twice.rows).toEqual([]);
    });

    it('given a session made on one server, when it is used on the other and through the balancer, then it is the same session', async () => {
      const session = await signIn(server(0).url, 'maria.garcia@tessera.example');
      const onOther = await call(`${server(1).url}${IdentityPath.account}`, session);
      expect(onOther.status).toBe(200);
      expect(onOther.body).toMatchObject({ email: 'maria.garcia@tessera.example' });

      const answeredBy = new Set<string>();
      for (let index = 0; index < 6; index += 1) {
        const answer = await call(`${through()}${IdentityPath.account}`, session);
        expect(answer.status).toBe(200);
        if (answer.servedBy) answeredBy.add(answer.servedBy);
      }
      expect([...answeredBy].sort()).toEqual(['tessera-a', 'tessera-b']);

      // Signing out on one ends the session everywhere: it lives in the database only.
      const out = await call(`${server(1).url}${IdentityPath.signOut}`, session, {
        headers: { 'x-tenant-name': 'internal' },
      });
      expect(out.status).toBeLessThan(400);
      expect((await call(`${server(0).url}${IdentityPath.account}`, session)).status).toBe(401);
    });

    it('given 30 candidates on both servers, when all claim one task at once, then exactly one wins and the others get 409', async () => {
      const instance = await engine.startProcess('internal', {
        key: 'balancedRace',
        startedBy: 'mgarcia',
      });
      const [task] = await engine.listInstanceTasks('internal', instance.id, { completed: false });
      if (!task) throw new Error('the race process did not stop at its task');
      // A third through each server directly, a third through the balancer.
      const origins = [server(0).url, server(1).url, through()];
      // Six at a time, two per origin: within the places the hashing queue gives one address.
      const sessions: Session[] = [];
      for (let first = 0; first < RACERS.length; first += 6) {
        const batch = RACERS.slice(first, first + 6).map((id, offset) =>
          signIn(origins[(first + offset) % 3] ?? through(), `${id}@tessera.example`),
        );
        sessions.push(...(await Promise.all(batch)));
      }

      const answers = await Promise.all(
        sessions.map((session, index) =>
          call(`${origins[index % 3]}${TaskPath.claim(task.id)}`, session, { method: 'PUT' }),
        ),
      );

      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS.length - 1);
      const winner = RACERS[statuses.indexOf(200)];
      const stored = await database?.db
        .selectFrom('tasks')
        .select('assignee')
        .where('id', '=', task.id)
        .executeTakeFirst();
      expect(stored?.assignee).toBe(winner);
    });

    it('given one account and address guessing on both servers at once, when the free failures run out, then no server checks another guess', async () => {
      // Every guess past the free ones must wait for the previous failure, on any server.
      const origins = [server(0).url, server(1).url, through()];
      const guesses = Array.from({ length: 12 }, (_, index) =>
        fetch(`${origins[index % 3]}${IdentityPath.login}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: 'javier.morales@tessera.example',
            password: `wrong-${index}`,
          }),
        }).then((response) => response.status),
      );
      const statuses = await Promise.all(guesses);
      expect(statuses.filter((status) => status === 400)).toHaveLength(LOGIN_LIMITS.freeFailures);
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        guesses.length - LOGIN_LIMITS.freeFailures,
      );
    });

    it('given timers due while both servers poll, when their schedulers run, then each timer fires once', async () => {
      const db = database?.db;
      if (!db) throw new Error('no database');
      const instances = [];
      for (let index = 0; index < 20; index += 1) {
        instances.push(
          await engine.startProcess('internal', { key: 'balancedTimer', startedBy: 'mgarcia' }),
        );
      }
      const ids = instances.map((instance) => instance.id);
      await db
        .updateTable('process_jobs')
        .set({ due_at: sql<Date>`now() - interval '1 minute'` })
        .where('instance_id', 'in', ids)
        .execute();

      // Each scheduler polls every 5 s; wait for the jobs to go, then one more round of both.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const left = await db
          .selectFrom('process_jobs')
          .select('id')
          .where('instance_id', 'in', ids)
          .execute();
        if (left.length === 0) break;
        if (Date.now() > deadline) throw new Error(`${left.length} timers still due after 30 s`);
        await sleep(250);
      }
      await sleep(6_000);

      const effects = await db
        .selectFrom('tasks')
        .select(['instance_id'])
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('instance_id', 'in', ids)
        .where('name', '=', 'After the timer')
        .groupBy('instance_id')
        .execute();
      expect(effects).toHaveLength(ids.length);
      expect(effects.every((row) => Number(row.count) === 1)).toBe(true);
      const firings = await db
        .selectFrom('process_history')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('instance_id', 'in', ids)
        .where('event', '=', 'timerFired')
        .executeTakeFirst();
      expect(Number(firings?.count)).toBe(ids.length);
    });

    it('given the server of two processes, when its port is scraped, then the metrics are those of both processes', async () => {
      const before = await call(`${server(1).url}/metrics`, undefined, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(before.status).toBe(200);
      const healthChecks = (text: unknown): number =>
        Number(
          /tessera_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} (\d+)/.exec(
            String(text),
          )?.[1] ?? 0,
        );
      const counted = healthChecks(before.body);
      for (let index = 0; index < 10; index += 1) await call(`${server(1).url}/healthz`, undefined);

      // Whichever process a scrape reaches, it reports the calls both of them answered.
      for (let scrape = 0; scrape < 3; scrape += 1) {
        const after = await call(`${server(1).url}/metrics`, undefined, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(healthChecks(after.body)).toBe(counted + 10);
        // Two pools of ten connections.
        expect(String(after.body)).toContain('tessera_db_pool_connections{state="max"} 20');
      }
    });

    it('given a stream opened on one server, when a task is reassigned through the other, then the stream tells of it at once', async () => {
      const task = await startReview();
      const amara = await signIn(server(0).url, 'amara.okafor@tessera.example');
      const maria = await signIn(server(1).url, 'maria.garcia@tessera.example');
      const stream = await openLiveStream(server(0).url, amara);
      try {
        expect(stream.status).toBe(200);
        await reassignToAmara(task, maria);

        const event = await stream.waitFor(
          (each) => each.event === LiveStreamEvent.task && each.data.includes(task.id),
          10_000,
        );
        expect(JSON.parse(event.data)).toMatchObject({
          change: LiveTaskChange.assigneeChanged,
          taskId: task.id,
          assignee: 'aokafor',
          previousAssignee: 'lmartin',
          actor: 'mgarcia',
        });
      } finally {
        await stream.close();
      }
    });

    it("given the officer's assigned list kept by every process, when a supervisor reassigns her task away through one server, then the next read through any leaves it out", async () => {
      const task = await startReview();
      const lucas = await signIn(server(0).url, 'lucas.martin@tessera.example');
      const maria = await signIn(server(1).url, 'maria.garcia@tessera.example');
      const query: TaskQueryBody = { page: 0, size: 100, state: 'OPEN', assignment: 'INVOLVED' };
      const listed = async (origin: string) => {
        const answer = await call(`${origin}${TaskPath.assigned}`, lucas, {
          method: 'POST',
          body: JSON.stringify(query),
          headers: { 'x-tenant-name': 'internal' },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return (answer.body as TaskListAnswer).content.some((row) => row.taskId === task.id);
      };
      // Read until every process has kept the list with the task (server B has two).
      const origins = [server(0).url, server(1).url, server(1).url, server(1).url];
      for (const origin of [...origins, ...origins]) expect(await listed(origin)).toBe(true);

      await reassignToAmara(task, maria);

      // No wait: the first read after the answer, on any process, is already without it.
      for (const origin of origins) expect(await listed(origin)).toBe(false);
    });

    it("given the officer's dashboard open in Chromium on one server, when a supervisor reassigns a task to her through the other, then her assigned count goes up without a reload", async () => {
      if (!existsSync(projectPath('dist', 'client', 'index.html'))) {
        throw new Error('The browser case needs the built client: run `npm run build` first.');
      }
      const task = await startReview();
      const maria = await signIn(server(1).url, 'maria.garcia@tessera.example');
      const browser = await launchBrowser();
      try {
        const { page } = await openPage(browser);
        await signInPage(page, server(0).url, 'amara.okafor@tessera.example');
        await page.locator('.tessera-table[data-list="assigned"] [data-task-id]').first().waitFor();
        const count = page.getByTestId('tab-count-assigned');
        const before = Number(await count.textContent());
        // A mark on this document: a reload would lose it.
        await page.evaluate(() => Object.assign(window, { tesseraBalancedMark: true }));

        await reassignToAmara(task, maria);
        // The second's budget is proved by the end-to-end walk on one quiet server; here the
        // change must come over the other server's stream, on a machine running five processes.
        await page.waitForFunction(
          (expected) =>
            document.querySelector('[data-testid="tab-count-assigned"]')?.textContent ===
            String(expected),
          before + 1,
          { polling: 50, timeout: 10_000 },
        );
        expect(await page.evaluate(() => 'tesseraBalancedMark' in window)).toBe(true);
      } finally {
        await browser.close();
      }
    });

    // Later cases that need both servers go above this one: it stops one of them.

    it('given steady traffic through the balancer, when the server of two processes is sent SIGTERM, then it reports draining, the other takes every request and none fails', async () => {
      const session = await signIn(through(), 'lucas.martin@tessera.example');
      const leaving = server(1);
      const failures: string[] = [];
      const answeredBy: { at: number; by: string | null }[] = [];
      let sending = true;
      const traffic = (async () => {
        while (sending) {
          try {
            const answer = await call(`${through()}${IdentityPath.account}`, session);
            if (answer.status !== 200)
              failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
            answeredBy.push({ at: Date.now(), by: answer.servedBy });
          } catch (error) {
            failures.push(String(error));
          }
          await sleep(20);
        }
      })();
      await sleep(1_000);

      const exited = new Promise<number | null>((resolve) =>
        leaving.child.once('exit', (code) => resolve(code)),
      );
      leaving.child.kill('SIGTERM');
      await sleep(300);
      const readiness = await call(`${leaving.url}/readyz`, undefined);
      expect(readiness.status).toBe(503);
      expect(readiness.body).toMatchObject({ reason: 'draining' });
      // The server is still serving while it drains; HAProxy takes it out within two checks.
      expect((await call(`${leaving.url}${IdentityPath.account}`, session)).status).toBe(200);

      const code = await exited;
      const goneAt = Date.now();
      await sleep(1_500);
      sending = false;
      await traffic;

      expect(failures).toEqual([]);
      expect(code).toBe(0);
      const afterwards = answeredBy.filter((answer) => answer.at > goneAt);
      expect(afterwards.length).toBeGreaterThan(10);
      expect(afterwards.every((answer) => answer.by === 'tessera-a')).toBe(true);
      console.log(
        `${answeredBy.length} requests while one server drained and stopped, none failed`,
      );
    }, 60_000);
  },
);
