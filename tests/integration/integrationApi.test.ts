import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import {
  IntegrationClientPath,
  IntegrationPath,
  type CreatedIntegrationClientAnswer,
  type IntegrationClientAnswer,
  type IntegrationClientsAnswer,
  type SendMessageAnswer,
  type SendSignalAnswer,
} from '../../schemas/api/integration';
import { call } from '../../server/workflow/testing/taskTestKit';
import { identityClient } from './identityClient';
import { useIntegrationClientKit } from './integrationClientKit';

describe('the integration API: clients, bearer tokens and messages', () => {
  const kit = useIntegrationClientKit('message-events.bpmn', 'signal-start-notice.bpmn');

  async function makeClient(name: string, scopes: string[]) {
    const made = await call(kit.priya, 'POST', IntegrationClientPath.clients, { name, scopes });
    expect(made.statusCode).toBe(200);
    return made.json<CreatedIntegrationClientAnswer>().data;
  }

  /** How many rows a table holds, to show that a refused call made nothing. */
  async function rowCount(table: 'integration_clients' | 'process_instances'): Promise<number> {
    return (await kit.server.database.db.selectFrom(table).select('id').execute()).length;
  }

  function send(token: string | null, body: unknown, client = kit.outside) {
    return kit.bearerPost(IntegrationPath.messages, body, token, client);
  }

  it('given an administrator, when she makes a client, then its token is answered once and the list never shows a secret', async () => {
    const { client, token } = await makeClient('Document scanner', ['messages']);
    expect(client).toMatchObject({
      name: 'Document scanner',
      scopes: ['messages'],
      createdBy: 'pnair',
      createdByName: 'Priya Nair',
      revokedAt: null,
    });
    expect(token).toMatch(/^ic_[0-9a-f]{20}\.[A-Za-z0-9_-]{43}$/);
    const listed = await call(kit.priya, 'GET', IntegrationClientPath.clients);
    expect(listed.statusCode).toBe(200);
    const row = listed.json<IntegrationClientsAnswer>().data.find((item) => item.id === client.id);
    expect(row).toEqual(client);
    expect(listed.body).not.toContain(token.split('.')[1]);
    const stored = await kit.server.database.db
      .selectFrom('integration_clients')
      .select('secret_hash')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(token.split('.')[1]);
  });

  it('given a user without access-admin, when he lists or makes clients, then it is a 403 and nothing is made', async () => {
    expect((await call(kit.lucas, 'GET', IntegrationClientPath.clients)).statusCode).toBe(403);
    const before = await rowCount('integration_clients');
    const made = await call(kit.lucas, 'POST', IntegrationClientPath.clients, {
      name: 'Mine',
      scopes: ['messages'],
    });
    expect(made.statusCode).toBe(403);
    const after = await rowCount('integration_clients');
    expect(after).toBe(before);
  });

  it('given bad client input, when it is sent, then it is a 400 naming the field', async () => {
    for (const body of [
      { name: '', scopes: ['messages'] },
      { name: 'Scanner', scopes: [] },
      { name: 'Scanner', scopes: ['everything'] },
      { name: 'Scanner', scopes: ['messages', 'messages'] },
      { name: 'Scan\u0000ner', scopes: ['messages'] },
    ]) {
      const answer = await call(kit.priya, 'POST', IntegrationClientPath.clients, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('given no token, a made-up one or only a staff session, when a message is sent, then it is a 401 asking for a bearer token', async () => {
    const body = { messageName: 'invoiceIssued' };
    const forged = `ic_${'0'.repeat(20)}.${'A'.repeat(43)}`;
    for (const [token, client] of [
      [null, kit.outside],
      ['not-a-token', kit.outside],
      [forged, kit.outside],
      [null, kit.priya],
    ] as const) {
      const answer = await send(token, body, client);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(answer.json<ErrorBody>().code).toBe('NOT_AUTHENTICATED');
    }
  });

  it('given a client of the messages scope, when a scanner sends the messages of a payment, then the case starts, moves on and is interrupted by them', async () => {
    const { token } = await makeClient('Payments gateway', ['messages']);
    const started = await send(token, {
      messageName: 'invoiceIssued',
      businessKey: 'INV-2026-0042',
      variables: { invoiceAmount: 1250.5 },
    });
    expect(started.statusCode).toBe(200);
    const { processInstanceId, businessKey, ended } = started.json<SendMessageAnswer>().data;
    expect({ businessKey, ended }).toEqual({ businessKey: 'INV-2026-0042', ended: false });
    expect(await kit.openTasks(processInstanceId, 'element_id')).toEqual([]);

    const paid = await send(token, {
      messageName: 'paymentReceived',
      businessKey: 'INV-2026-0042',
      variables: { paidAmount: 1250.5 },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json<SendMessageAnswer>().data.processInstanceId).toBe(processInstanceId);
    expect(await kit.openTasks(processInstanceId, 'element_id')).toEqual(['bookPayment']);

    // The dispute interrupts the clerk's booking: his task goes, the manager's comes.
    const disputed = await send(token, { messageName: 'paymentDisputed', processInstanceId });
    expect(disputed.statusCode).toBe(200);
    expect(await kit.openTasks(processInstanceId, 'element_id')).toEqual(['handleDispute']);
    const instance = await kit.server.app.engine.getInstance('internal', processInstanceId);
    expect(instance.variables).toMatchObject({ invoiceAmount: 1250.5, paidAmount: 1250.5 });
    expect(instance.startedBy).toMatch(/^ic_/);
  });

  it('given a client of the messages scope, when it signals that the base rate changed, then the process it starts starts once, with its variables; a signal nothing waits for is no error', async () => {
    const { token } = await makeClient('Treasury', ['messages']);
    const sent = await kit.bearerPost(
      IntegrationPath.signals,
      { signalName: 'baseRateChanged', variables: { newRate: 4.25 } },
      token,
    );
    expect(sent.statusCode).toBe(200);
    const { data } = sent.json<SendSignalAnswer>();
    expect(data).toMatchObject({
      signalName: 'baseRateChanged',
      waitsReached: 0,
      instancesStarted: 1,
    });
    const [startedId] = data.startedInstanceIds;
    const started = await kit.server.app.engine.getInstance('internal', startedId ?? '');
    expect(started.definitionKey).toBe('customerNotice');
    expect(started.variables).toMatchObject({ newRate: 4.25 });
    expect(await kit.openTasks(startedId ?? '', 'element_id')).toEqual(['writeNotice']);

    const lost = await kit.bearerPost(
      IntegrationPath.signals,
      { signalName: 'nobodyListens' },
      token,
    );
    expect(lost.statusCode).toBe(200);
    expect(lost.json<SendSignalAnswer>().data).toMatchObject({
      waitsReached: 0,
      instancesStarted: 0,
    });
    const unsigned = await kit.bearerPost(
      IntegrationPath.signals,
      { signalName: 'baseRateChanged' },
      null,
    );
    expect(unsigned.statusCode).toBe(401);
  });

  it('given a message nothing waits for, when it is sent, then it is a 404 and no case is made', async () => {
    const { token } = await makeClient('Scanner two', ['messages']);
    const before = await rowCount('process_instances');
    const answer = await send(token, {
      messageName: 'paymentReceived',
      businessKey: 'NO-SUCH-CASE',
    });
    expect(answer.statusCode).toBe(404);
    const after = await rowCount('process_instances');
    expect(after).toBe(before);
  });

  it('given hostile message bodies, when they are sent, then each is a 400 and nothing moves', async () => {
    const { token } = await makeClient('Scanner three', ['messages']);
    const before = await rowCount('process_instances');
    for (const body of [
      {},
      { messageName: '' },
      { messageName: 'invoiceIssued', extra: true },
      { messageName: 'invoice\u0000Issued' },
      { messageName: 'invoiceIssued', variables: 'x' },
      {
        messageName: 'invoiceIssued',
        variables: {
          passport: { id: 'f_someone_elses', fileName: 'passport.pdf' },
        },
      },
    ]) {
      const answer = await send(token, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const after = await rowCount('process_instances');
    expect(after).toBe(before);
  });

  it('given a client without the messages scope, when it sends one, then it is a 403', async () => {
    const { token } = await makeClient('Bureau worker', ['external-tasks']);
    const answer = await send(token, { messageName: 'invoiceIssued' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json<ErrorBody>().code).toBe('INSUFFICIENT_PRIVILEGES');
  });

  it("given a client's token at another tenant's host, when it sends a message, then it is a 401 there", async () => {
    const { token } = await makeClient('Scanner four', ['messages']);
    const acme = identityClient(kit.server, 'acme');
    const answer = await send(token, { messageName: 'invoiceIssued' }, acme);
    expect(answer.statusCode).toBe(401);
  });

  it('given a revoked client, when it sends a message, then it is a 401 at once; another tenant cannot revoke it', async () => {
    const { client, token } = await makeClient('Old scanner', ['messages']);
    const revoked = await call(kit.priya, 'POST', IntegrationClientPath.revoke(client.id));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<IntegrationClientAnswer>().data.revokedAt).not.toBeNull();
    expect((await send(token, { messageName: 'invoiceIssued' })).statusCode).toBe(401);
    expect(
      (await call(kit.priya, 'POST', IntegrationClientPath.revoke('ic_nosuchclient'))).statusCode,
    ).toBe(404);
  });
});
