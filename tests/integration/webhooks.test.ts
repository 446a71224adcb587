import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskPath } from '../../schemas/api/tasks';
import { WebhookPath, type WebhookCallAnswer } from '../../schemas/api/webhooks';
import { storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import { deployFormProcesses, makeFormTask } from '../../server/forms/testing/formTestKit';
import {
  call,
  deployKit,
  EMAIL,
  makeTask,
  signIn,
} from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';

/** The webhook names the test form has a button for: every target the tests press. */
const BUTTONS = [
  'credit-check',
  'credit-check-unavailable',
  'credit-check-prescript-error',
  'credit-check-postscript-error',
  'credit-check-v2',
  'echo',
  'redirecting',
  'slow',
  'html',
  'nowhere',
  'not-http',
];

/** A designer form with one webhook button for each name of BUTTONS. */
const BUTTONS_FORM = {
  id: 'DSG-webhook-buttons',
  name: { en: 'Webhook buttons' },
  sections: [
    {
      id: 'checks',
      title: { en: 'Checks' },
      fields: BUTTONS.map((webhook) => ({
        id: `press-${webhook}`,
        type: 'webhook-button',
        label: { en: `Run ${webhook}` },
        config: { webhook },
      })),
    },
  ],
};

/** A designer form whose one button calls the test's echo target, and nothing else. */
const ECHO_FORM = {
  id: 'DSG-webhook-echo',
  name: { en: 'Echo only' },
  sections: [
    {
      id: 'checks',
      title: { en: 'Checks' },
      fields: [
        {
          id: 'pressEcho',
          type: 'webhook-button',
          label: { en: 'Echo' },
          config: { webhook: 'echo' },
        },
      ],
    },
  ],
};

/** What the test's own target received. */
interface Received {
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

describe('webhook buttons', () => {
  let server: TestServer;
  let target: Server;
  let targetUrl: string;
  const received: Received[] = [];
  let lucas: IdentityClient;
  let javier: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    await deployKit(server);
    await deployKit(server, 'acme');
    for (const tenant of ['internal', 'acme']) {
      for (const form of [BUTTONS_FORM, ECHO_FORM]) {
        await storeFormDefinition(server.database.db, {
          tenant,
          id: form.id,
          kind: 'designer',
          definition: form,
        });
      }
      await deployFormProcesses(server, [BUTTONS_FORM.id, ECHO_FORM.id], tenant);
    }
    lucas = await signIn(server, EMAIL.lmartin);
    javier = await signIn(server, EMAIL.jmorales);
    ana = await signIn(server, EMAIL.asouza, 'acme');
    // A target of the test's own: it records what it is sent and answers by its path.
    target = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          body: JSON.parse(text || '{}') as Record<string, unknown>,
          headers: request.headers,
        });
        if (request.url === '/redirect') {
          response.writeHead(302, { location: `${server.url}/webhook-demo/credit-check/approved` });
          response.end();
        } else if (request.url === '/slow') {
          setTimeout(() => response.end('{}'), 3_000).unref();
        } else if (request.url === '/html') {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end('<html>not an answer</html>');
        } else {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{"ok":true}');
        }
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const own = (name: string, path: string, timeoutMs = 5_000) => ({
      tenant: 'internal',
      name,
      url: `${targetUrl}${path}`,
      timeout_ms: timeoutMs,
      headers: JSON.stringify({ 'x-api-key': 'target-secret' }),
    });
    await server.database.db
      .insertInto('webhook_targets')
      .values([
        own('echo', '/echo'),
        own('redirecting', '/redirect'),
        own('slow', '/slow', 300),
        own('html', '/html'),
        { tenant: 'internal', name: 'nowhere', url: 'http://127.0.0.1:1/closed' },
        { tenant: 'internal', name: 'not-http', url: 'file:///etc/passwd' },
      ])
      .execute();
  });

  afterAll(async () => {
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
    await server.close();
  });

  /** A task of Lucas's whose form has a button for every target the tests press. */
  const lucasTask = (formKey = BUTTONS_FORM.id) =>
    makeFormTask(server, { formKey, assignee: 'lmartin' });

  const press = (client: IdentityClient, body: unknown) =>
    call(client, 'POST', WebhookPath.call, body);

  const outcome = async (name: string, taskId: string) => {
    const response = await press(lucas, { name, taskId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WebhookCallAnswer>().result;
  };

  it('given the demo credit check, when pressed, then it succeeds', async () => {
    const task = await lucasTask();
    expect(await outcome('credit-check', task.id)).toEqual({
      isSuccess: true,
      isServerError: false,
      isHttpError: false,
      httpErrorCode: null,
      isPreScriptError: false,
      scriptErrorCode: null,
    });
  });

  it('given the demo targets of the other outcomes, when pressed, then an HTTP error with its code and script errors before and after the call, with their codes', async () => {
    const task = await lucasTask();
    expect(await outcome('credit-check-unavailable', task.id)).toMatchObject({
      isSuccess: false,
      isHttpError: true,
      httpErrorCode: 503,
      isServerError: false,
    });
    expect(await outcome('credit-check-prescript-error', task.id)).toMatchObject({
      isSuccess: false,
      isHttpError: false,
      isServerError: true,
      isPreScriptError: true,
      scriptErrorCode: 'CUSTOMER_ID_MISSING',
    });
    expect(await outcome('credit-check-postscript-error', task.id)).toMatchObject({
      isSuccess: false,
      isServerError: true,
      isPreScriptError: false,
      scriptErrorCode: 'SCORE_UNREADABLE',
    });
  });

  it('given a configured target, when pressed with the form values, then the target gets the task, the values and its configured header, and nothing else decides where the call goes', async () => {
    const task = await lucasTask();
    const response = await press(lucas, {
      name: 'echo',
      taskId: task.id,
      values: { customerId: 'C-1042', amount: 25_000 },
    });
    expect(response.json<WebhookCallAnswer>().result.isSuccess).toBe(true);
    const last = received.at(-1);
    expect(last?.path).toBe('/echo');
    expect(last?.headers['x-api-key']).toBe('target-secret');
    expect(last?.body).toMatchObject({
      webhook: 'echo',
      tenant: 'internal',
      taskId: task.id,
      processInstanceId: task.instanceId,
      userId: 'lmartin',
      values: { customerId: 'C-1042', amount: 25_000 },
    });
  });

  it('given a URL in the request, when pressed, then it is refused before any call', async () => {
    const task = await lucasTask();
    const before = received.length;
    const response = await press(lucas, {
      name: 'echo',
      taskId: task.id,
      url: `${targetUrl}/elsewhere`,
    });
    expect(response.statusCode).toBe(400);
    expect(received.length).toBe(before);
  });

  it('given a name no target of the tenant has, when pressed, then 404 WEBHOOK_NOT_CONFIGURED; another tenant cannot use this tenant’s targets', async () => {
    const task = await lucasTask();
    const unknown = await press(lucas, { name: 'credit-check-v2', taskId: task.id });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'WEBHOOK_NOT_CONFIGURED',
      details: [{ path: 'body.name', code: 'webhook.notConfigured' }],
    });
    const acmeTask = await makeFormTask(server, {
      formKey: BUTTONS_FORM.id,
      tenant: 'acme',
      assignee: 'acme-asouza',
    });
    const before = received.length;
    const foreign = await press(ana, { name: 'echo', taskId: acmeTask.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'WEBHOOK_NOT_CONFIGURED' });
    expect(received.length).toBe(before);
    // Ana's own tenant has the demo target.
    expect((await press(ana, { name: 'credit-check', taskId: acmeTask.id })).statusCode).toBe(200);
  });

  it('given a target that redirects, when pressed, then the redirect is not followed and counts as an HTTP error', async () => {
    const task = await lucasTask();
    expect(await outcome('redirecting', task.id)).toMatchObject({
      isHttpError: true,
      httpErrorCode: 302,
    });
  });

  it('given a target slower than its time limit, one that is down, one that answers HTML and a URL that is not http, then 504, 502, a postscript error and a prescript error', async () => {
    const task = await lucasTask();
    const started = Date.now();
    expect(await outcome('slow', task.id)).toMatchObject({ isHttpError: true, httpErrorCode: 504 });
    expect(Date.now() - started).toBeLessThan(2_900);
    expect(await outcome('nowhere', task.id)).toMatchObject({
      isHttpError: true,
      httpErrorCode: 502,
    });
    expect(await outcome('html', task.id)).toMatchObject({
      isServerError: true,
      isPreScriptError: false,
      scriptErrorCode: 'INVALID_ANSWER',
    });
    expect(await outcome('not-http', task.id)).toMatchObject({
      isServerError: true,
      isPreScriptError: true,
      scriptErrorCode: 'TARGET_MISCONFIGURED',
    });
  });

  it('given someone other than the assignee, or a completed task, when pressed, then 403, 404 or 409 and no call is made', async () => {
    const task = await makeTask(server, {
      name: 'Credit check',
      assignee: 'lmartin',
      startedBy: 'lmartin',
    });
    const before = received.length;
    expect((await press(javier, { name: 'echo', taskId: task.id })).statusCode).toBe(403);
    expect((await press(ana, { name: 'echo', taskId: task.id })).statusCode).toBe(404);
    const completed = await call(lucas, 'POST', TaskPath.complete(task.id), {
      values: {},
      outcome: 'approve',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await press(lucas, { name: 'echo', taskId: task.id })).statusCode).toBe(409);
    expect(received.length).toBe(before);
  });

  it('given a name the task’s own form has no button for, when pressed, then 422 WEBHOOK_NOT_ON_FORM and no call is made, even though the tenant has that target', async () => {
    const echoOnly = await lucasTask(ECHO_FORM.id);
    const kitTask = await makeTask(server, {
      name: 'No buttons',
      assignee: 'lmartin',
      startedBy: 'lmartin',
    });
    const before = received.length;
    for (const [task, name] of [
      [echoOnly, 'credit-check'],
      [echoOnly, 'redirecting'],
      [kitTask, 'echo'],
    ] as const) {
      const response = await press(lucas, { name, taskId: task.id });
      expect(response.statusCode, `${name} on ${task.formKey ?? 'no form'}`).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'WEBHOOK_NOT_ON_FORM',
        details: [{ path: 'body.name', code: 'webhook.notOnForm' }],
      });
    }
    expect(received.length).toBe(before);
    // The form's own button still calls its target.
    expect(await outcome('echo', echoOnly.id)).toMatchObject({ isSuccess: true });
    expect(received.at(-1)?.path).toBe('/echo');
  });
});
