import { describe, expect, it } from 'vitest';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('error boundary event variables', () => {
  const kit = useConformanceKit();

  it('given an error boundary event with errorCodeVariable and errorMessageVariable, when an error end event inside throws, then both variables hold the caught code and message', async () => {
    await kit.deploy('error-boundary-variables.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'affordability',
      startedBy: 'clerk',
    });

    const after = await kit.complete(instance.id, 'calculate', { payment: 1200 });

    expect(after.variables).toMatchObject({
      refusalCode: 'NOT_AFFORDABLE',
      refusalReason: 'Monthly payment 1200 exceeds the limit',
    });
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['inform']);
  });

  it('given the same process, when nothing is thrown, then neither variable is set', async () => {
    await kit.deploy('error-boundary-variables.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'affordability',
      startedBy: 'clerk',
    });

    const after = await kit.complete(instance.id, 'calculate', { payment: 400 });

    expect(after.variables).not.toHaveProperty('refusalCode');
    expect(after.variables).not.toHaveProperty('refusalReason');
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['offer']);
  });

  it('given a Flowable boundary on a call activity, when the called process throws, then the calling instance holds the code and the message rendered in the called one', async () => {
    await kit.deploy('error-variables-called.bpmn', 'error-variables-caller.bpmn');
    const parent = await kit.context.engine.startProcess(TENANT, {
      key: 'recordOpening',
      startedBy: 'clerk',
      variables: { customer: 'Grace Hopper' },
    });
    const child = await kit.context.db
      .selectFrom('process_instances')
      .select('id')
      .where('parent_instance_id', '=', parent.id)
      .executeTakeFirstOrThrow();

    await kit.complete(child.id, 'search', { fileFound: false });

    const resumed = await kit.instance(parent.id);
    expect(resumed.variables).toMatchObject({
      lookupError: 'NO_FILE',
      lookupMessage: 'The registry holds no file for Grace Hopper',
    });
    expect((await kit.openTasks(parent.id)).map((task) => task.elementId)).toEqual(['manualFile']);
  });
});
