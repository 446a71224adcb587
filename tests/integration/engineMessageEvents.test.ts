import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../server/engine';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('message events', () => {
  const kit = useConformanceKit();

  const correlate = (input: {
    messageName: string;
    businessKey?: string;
    processInstanceId?: string;
    variables?: Record<string, unknown>;
  }) =>
    kit.context.engine.correlateMessage(TENANT, {
      ...input,
      variables: input.variables as never,
      actor: 'clerk',
    });

  it('given a message start event, when its message is correlated with a business key, then an instance starts and waits for the next message', async () => {
    await kit.deploy('message-events.bpmn');
    const started = await correlate({
      messageName: 'invoiceIssued',
      businessKey: 'INV-100',
      variables: { invoiceAmount: 250 },
    });
    expect(started).toMatchObject({
      definitionKey: 'paymentCollection',
      businessKey: 'INV-100',
      startedBy: 'clerk',
      status: 'On-going',
    });
    expect(started.variables).toEqual({ invoiceAmount: 250 });
    expect(await kit.openTasks(started.id)).toEqual([]);
  });

  it('given two instances waiting at a catch event, when the message names one business key, then only that instance moves on with the message variables', async () => {
    await kit.deploy('message-events.bpmn');
    const first = await correlate({ messageName: 'invoiceIssued', businessKey: 'INV-A' });
    const second = await correlate({ messageName: 'invoiceIssued', businessKey: 'INV-B' });

    const moved = await correlate({
      messageName: 'paymentReceived',
      businessKey: 'INV-B',
      variables: { paidAmount: 90 },
    });

    expect(moved.id).toBe(second.id);
    expect((await kit.openTasks(second.id)).map((task) => task.name)).toEqual([
      'Book 90 against the invoice',
    ]);
    expect(await kit.openTasks(first.id)).toEqual([]);
    expect(await kit.historyCount(second.id, 'messageCorrelated')).toBe(1);
  });

  it('given a task with a message boundary event, when that message is correlated to the instance, then the task is cancelled and the boundary path taken', async () => {
    await kit.deploy('message-events.bpmn');
    const instance = await correlate({ messageName: 'invoiceIssued', businessKey: 'INV-C' });
    await correlate({ messageName: 'paymentReceived', processInstanceId: instance.id });
    await correlate({ messageName: 'paymentDisputed', processInstanceId: instance.id });

    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'handleDispute',
    ]);
    const booked = (await kit.context.engine.listInstanceTasks(TENANT, instance.id)).find(
      (task) => task.elementId === 'bookPayment',
    );
    expect(booked?.state).toBe('cancelled');
    const waits = await kit.context.db
      .selectFrom('process_event_subscriptions')
      .select('id')
      .where('instance_id', '=', instance.id)
      .execute();
    expect(waits).toEqual([]);
  });

  it('given nothing waits for a message, when it is correlated, then it is refused as not found and nothing changes', async () => {
    await kit.deploy('message-events.bpmn');
    const instance = await correlate({ messageName: 'invoiceIssued', businessKey: 'INV-D' });
    await expect(
      correlate({ messageName: 'paymentDisputed', processInstanceId: instance.id }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(correlate({ messageName: 'noSuchMessage' })).rejects.toBeInstanceOf(NotFoundError);
    await kit.context.seed([{ id: 'outsider', tenant: 'other-bank' }]);
    await expect(
      kit.context.engine.correlateMessage('other-bank', {
        messageName: 'paymentReceived',
        businessKey: 'INV-D',
        actor: 'outsider',
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await kit.historyCount(instance.id, 'messageCorrelated')).toBe(0);
  });

  it('given a non-interrupting message boundary event, when the message comes twice, then each opens a side path and the task stays open until it completes', async () => {
    await kit.deploy('message-non-interrupting.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'offerPreparation',
      startedBy: 'clerk',
      businessKey: 'OFFER-7',
    });
    await correlate({ messageName: 'customerCalled', businessKey: 'OFFER-7' });
    await correlate({ messageName: 'customerCalled', businessKey: 'OFFER-7' });
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId).sort()).toEqual([
      'prepareOffer',
      'returnCall',
      'returnCall',
    ]);

    await kit.complete(instance.id, 'prepareOffer');
    await expect(
      correlate({ messageName: 'customerCalled', businessKey: 'OFFER-7' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await kit.instance(instance.id)).status).toBe('On-going');
  });
});
