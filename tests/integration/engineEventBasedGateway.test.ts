import { describe, expect, it } from 'vitest';
import { JobScheduler, NotFoundError } from '../../server/engine';
import { TENANT, useConformanceKit } from './engineConformanceKit';

const start = new Date('2026-03-02T09:00:00.000Z');
const hours = (count: number) => count * 3_600_000;

describe('event-based gateways', () => {
  const kit = useConformanceKit(start);
  let now = start;

  /** Moves the engine's clock on and fires whatever fell due. */
  async function passTime(ms: number): Promise<number> {
    now = new Date(now.getTime() + ms);
    kit.context.setNow(now);
    return new JobScheduler(kit.context.engine).runDueJobs();
  }

  const waitsOf = async (instanceId: string) => {
    const jobs = await kit.context.db
      .selectFrom('process_jobs')
      .select('element_id')
      .where('instance_id', '=', instanceId)
      .execute();
    const subscriptions = await kit.context.db
      .selectFrom('process_event_subscriptions')
      .select('element_id')
      .where('instance_id', '=', instanceId)
      .execute();
    return [...jobs, ...subscriptions].map((row) => row.element_id).sort();
  };

  const correlate = (messageName: string, businessKey: string, tenant = TENANT) =>
    kit.context.engine.correlateMessage(tenant, { messageName, businessKey, actor: 'clerk' });

  /** Starts a document chase and completes its first task, so the token waits at the gateway. */
  async function chaseWaiting(businessKey: string) {
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'documentChase',
      startedBy: 'clerk',
      businessKey,
    });
    await kit.complete(instance.id, 'requestDocuments');
    return instance;
  }

  it('given a token at the gateway, when it arrives, then it waits on every event after it at once', async () => {
    await kit.deploy('event-gateway.bpmn');
    const instance = await chaseWaiting('DOC-1');

    expect(await waitsOf(instance.id)).toEqual(['documentsIn', 'twoDaysPassed', 'withdrawn']);
    expect(await kit.openTasks(instance.id)).toEqual([]);
  });

  it('given the message comes first, when it is correlated, then its path is taken and the timer and the other wait are removed', async () => {
    await kit.deploy('event-gateway.bpmn');
    const instance = await chaseWaiting('DOC-2');

    await correlate('documentsArrived', 'DOC-2');

    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'checkDocuments',
    ]);
    expect(await waitsOf(instance.id)).toEqual([]);
    await expect(correlate('applicationWithdrawn', 'DOC-2')).rejects.toBeInstanceOf(NotFoundError);
    await passTime(hours(49));
    expect(await kit.historyCount(instance.id, 'timerFired')).toBe(0);
    const caught = await kit.context.db
      .selectFrom('process_history')
      .select('payload')
      .where('instance_id', '=', instance.id)
      .where('event', '=', 'eventCaught')
      .execute();
    expect(caught.map((row) => row.payload)).toEqual([
      { elementId: 'documentsIn', type: 'message', eventGateway: 'whatComesFirst' },
    ]);
  });

  it('given the timer comes first, when it fires, then the messages no longer reach the case, and the loop back waits on all three again', async () => {
    await kit.deploy('event-gateway.bpmn');
    const instance = await chaseWaiting('DOC-3');

    await passTime(hours(48));

    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'chaseCustomer',
    ]);
    expect(await waitsOf(instance.id)).toEqual([]);
    await expect(correlate('documentsArrived', 'DOC-3')).rejects.toBeInstanceOf(NotFoundError);

    await kit.complete(instance.id, 'chaseCustomer');
    expect(await waitsOf(instance.id)).toEqual(['documentsIn', 'twoDaysPassed', 'withdrawn']);
    const ended = await correlate('applicationWithdrawn', 'DOC-3');
    expect(ended.status).toBe('Completed');
    expect(await waitsOf(instance.id)).toEqual([]);
  });

  it('given a case waiting at the gateway, when it is withdrawn, then its timer and message waits are removed', async () => {
    await kit.deploy('event-gateway.bpmn');
    const instance = await chaseWaiting('DOC-4');
    expect(await waitsOf(instance.id)).toEqual(['documentsIn', 'twoDaysPassed', 'withdrawn']);

    await kit.context.engine.cancelInstance(TENANT, instance.id, {
      userId: 'manager',
      reason: 'duplicate case',
    });

    expect(await waitsOf(instance.id)).toEqual([]);
    expect((await kit.instance(instance.id)).endedAt).not.toBeNull();
  });

  it('given a gateway inside a sub-process, when an interrupting boundary event leaves the sub-process, then the gateway’s timer and wait go with it', async () => {
    await kit.deploy('event-gateway-in-subprocess.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'valuationQuery',
      startedBy: 'clerk',
      businessKey: 'VAL-1',
    });
    expect(await waitsOf(instance.id)).toEqual(['closed', 'oneDay', 'replied']);

    await correlate('caseClosed', 'VAL-1');

    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['archive']);
    expect(await waitsOf(instance.id)).toEqual([]);
  });

  it('given a gateway inside a sub-process, when its timer wins, then the sub-process completes and the boundary wait goes too', async () => {
    await kit.deploy('event-gateway-in-subprocess.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'valuationQuery',
      startedBy: 'clerk',
      businessKey: 'VAL-2',
    });

    await passTime(hours(24));

    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'valueProperty',
    ]);
    expect(await waitsOf(instance.id)).toEqual([]);
  });

  it('given another tenant sends the same message with the same business key, when it is correlated there, then this tenant’s gateway still waits', async () => {
    await kit.deploy('event-gateway.bpmn');
    const instance = await chaseWaiting('DOC-5');
    await kit.context.seed([{ id: 'outsider', tenant: 'other-bank' }]);

    await expect(correlate('documentsArrived', 'DOC-5', 'other-bank')).rejects.toBeInstanceOf(
      NotFoundError,
    );

    expect(await waitsOf(instance.id)).toEqual(['documentsIn', 'twoDaysPassed', 'withdrawn']);
  });
});
