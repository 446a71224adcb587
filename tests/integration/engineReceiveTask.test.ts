import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Variables } from '../../server/engine';
import {
  IntegrationClientPath,
  IntegrationPath,
  type CreatedIntegrationClientAnswer,
  type SendMessageAnswer,
} from '../../schemas/api/integration';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { TENANT, useConformanceKit } from './engineConformanceKit';
import { identityClient } from './identityClient';

const events = new URL('../../fixtures/processes/events/', import.meta.url);
const fixture = (file: string) => readFile(new URL(file, events), 'utf8');
const start = new Date('2026-03-02T09:00:00.000Z');

describe('receive tasks', () => {
  const kit = useConformanceKit(start);
  const engine = () => kit.context.engine;

  const startCase = async (key: string, variables?: Variables) => {
    await engine().deploy(
      TENANT,
      await fixture(
        `${key === 'guarantees' ? 'receive-task-multi-instance' : 'receive-task'}.bpmn`,
      ),
    );
    return engine().startProcess(TENANT, {
      key,
      startedBy: 'clerk',
      ...(variables && { variables }),
    });
  };

  const openTasks = async (instanceId: string) =>
    (await kit.openTasks(instanceId)).map((task) => task.elementId).sort();

  it('given a case waiting in the receive task, when its message is correlated to its instance, then the variables are merged, the deadline goes and the case moves on', async () => {
    kit.context.setNow(start);
    const offer = await startCase('signedOffer');
    expect(await openTasks(offer.id)).toEqual([]);

    const moved = await engine().correlateMessage(TENANT, {
      messageName: 'offerSigned',
      processInstanceId: offer.id,
      variables: { signedOn: '2026-03-03' },
      actor: 'esign',
    });

    expect(moved.id).toBe(offer.id);
    expect(await openTasks(offer.id)).toEqual(['bookLoan']);
    expect(await engine().getVariables(TENANT, offer.id)).toMatchObject({ signedOn: '2026-03-03' });
    const jobs = await kit.context.db
      .selectFrom('process_jobs')
      .select('id')
      .where('tenant', '=', TENANT)
      .where('instance_id', '=', offer.id)
      .execute();
    expect(jobs).toEqual([]);
  });

  it('given a case waiting in the receive task, when its timer boundary event fires first, then the wait goes and a late message finds nothing', async () => {
    kit.context.setNow(start);
    const offer = await startCase('signedOffer');

    kit.context.setNow(new Date('2026-03-04T09:00:01.000Z'));
    while ((await engine().fireNextDueJob()).state !== 'none') {
      // every due job of the test database fires
    }

    expect(await openTasks(offer.id)).toEqual(['chaseClient']);
    await expect(
      engine().correlateMessage(TENANT, {
        messageName: 'offerSigned',
        processInstanceId: offer.id,
        actor: 'esign',
      }),
    ).rejects.toThrow(/No process waits for the message 'offerSigned'/);
  });

  it('given a multi-instance receive task, when one message per guarantor arrives, then the case moves on after the last only', async () => {
    const loan = await startCase('guarantees', { guarantors: ['Ana', 'Ben'] });
    const signed = () =>
      engine().correlateMessage(TENANT, {
        messageName: 'guaranteeSigned',
        processInstanceId: loan.id,
        actor: 'esign',
      });

    await signed();
    expect(await openTasks(loan.id)).toEqual([]);
    await signed();
    expect(await openTasks(loan.id)).toEqual(['bookLoan']);
  });
});

describe('receive tasks through the integration API', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await server.app.engine.deploy('internal', await fixture('receive-task.bpmn'));
  }, 300_000);

  afterAll(async () => {
    await server.close();
  });

  it('given a case waiting in a receive task, when the e-signature service sends its message by business key, then the case moves on with its variables', async () => {
    const priya = await signIn(server, EMAIL.pnair);
    const made = await call(priya, 'POST', IntegrationClientPath.clients, {
      name: 'E-signature service',
      scopes: ['messages'],
    });
    const { token } = made.json<CreatedIntegrationClientAnswer>().data;
    const offer = await server.app.engine.startProcess('internal', {
      key: 'signedOffer',
      startedBy: 'pnair',
      businessKey: 'OFFER-2026-0007',
    });

    const sent = await identityClient(server).request({
      method: 'POST',
      url: IntegrationPath.messages,
      body: {
        messageName: 'offerSigned',
        businessKey: 'OFFER-2026-0007',
        variables: { signatureId: 'sig-81' },
      },
      headers: { authorization: `Bearer ${token}` },
    });

    expect(sent.statusCode).toBe(200);
    expect(sent.json<SendMessageAnswer>().data).toMatchObject({
      processInstanceId: offer.id,
      ended: false,
    });
    const open = await server.database.db
      .selectFrom('tasks')
      .select('element_id')
      .where('instance_id', '=', offer.id)
      .where('state', '=', 'open')
      .execute();
    expect(open.map((row) => row.element_id)).toEqual(['bookLoan']);
    const instance = await server.app.engine.getInstance('internal', offer.id);
    expect(instance.variables).toMatchObject({ signatureId: 'sig-81' });
  });
});
