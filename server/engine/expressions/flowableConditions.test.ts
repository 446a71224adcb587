import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefinitionRefusedError, ProcessExecutionError } from '../engineErrors';
import { ExpressionEvaluationError } from './expressionEvaluationError';
import type { Variables } from './expressionAst';
import {
  createEngineTestContext,
  type EngineTestContext,
} from '../testing/createEngineTestContext';

const fixture = new URL(
  '../../../fixtures/bpmn-conformance/flowable-loan-routing.bpmn',
  import.meta.url,
);
const tenant = 'acme';
const dayMs = 86_400_000;

/** A one-gateway process whose only conditional flow carries `condition`. */
function gateway(key: string, condition: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  id="defs" targetNamespace="tests">
  <process id="${key}" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="toRoute" sourceRef="start" targetRef="route" />
    <exclusiveGateway id="route" default="otherwise" />
    <sequenceFlow id="guarded" sourceRef="route" targetRef="end">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[${condition}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="otherwise" sourceRef="route" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
}

describe('Flowable conditions in a running process', () => {
  let context: EngineTestContext;

  beforeAll(async () => {
    context = await createEngineTestContext();
    await context.seed([{ id: 'olivia', tenant, groups: ['officers'] }]);
    await context.engine.deploy(tenant, await readFile(fixture, 'utf8'));
  });

  afterAll(async () => {
    await context.close();
  });

  async function openTaskOf(variables: Variables) {
    const instance = await context.engine.startProcess(tenant, {
      key: 'flowableLoanRouting',
      startedBy: 'olivia',
      variables,
    });
    const tasks = await context.engine.listInstanceTasks(tenant, instance.id, {
      completed: false,
    });
    expect(tasks).toHaveLength(1);
    return tasks[0] as (typeof tasks)[number];
  }

  const complete = {
    status: 'NEW',
    score: 700,
    documents: ['id.pdf'],
    income: 4000,
    amount: 10000,
    flags: [],
  };

  it('given an application the modeler routes by .equals and variables:get, when started, then it takes the rejection flow', async () => {
    expect((await openTaskOf({ ...complete, status: 'REJECTED' })).elementId).toBe('rejected');
    expect((await openTaskOf({ ...complete, score: 250 })).elementId).toBe('rejected');
  });

  it('given no documents, when started, then empty routes it to the documents task, named and due by expressions on the engine clock', async () => {
    const now = new Date('2026-05-11T08:30:00.000Z');
    context.setNow(now);
    const task = await openTaskOf({ ...complete, documents: [] });
    expect(task).toMatchObject({ elementId: 'missingDocuments', name: 'Ask for the documents' });
    // `dateTime().plusDays(2)` counts from the engine's clock, not the machine's.
    expect(task.dueDate?.getTime()).toBe(now.getTime() + 2 * dayMs);
  });

  it('given a missing income variable, when started, then !variables:exists routes it to the documents task', async () => {
    const { income: _income, ...withoutIncome } = complete;
    const task = await openTaskOf(withoutIncome);
    expect(task).toMatchObject({ elementId: 'missingDocuments', name: 'Ask for the income proof' });
  });

  it('given a loan above five times the income or a flagged applicant, when started, then arithmetic and containsAny send it to the committee', async () => {
    const large = await openTaskOf({ ...complete, amount: 150000 });
    expect(large).toMatchObject({ elementId: 'committee', priority: 90 });
    const flagged = await openTaskOf({ ...complete, flags: ['pep'] });
    expect(flagged).toMatchObject({ elementId: 'committee', priority: 60 });
    expect((await openTaskOf(complete)).elementId).toBe('standard');
  });

  it('given an income of zero, when the gateway divides by it, then the start fails with a clear error and no instance is left', async () => {
    const count = async () =>
      (
        await context.db
          .selectFrom('process_instances')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('tenant', '=', tenant)
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const failure = await context.engine
      .startProcess(tenant, {
        key: 'flowableLoanRouting',
        startedBy: 'olivia',
        variables: { ...complete, income: 0 },
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExpressionEvaluationError);
    expect(failure).toBeInstanceOf(ProcessExecutionError);
    // The message quotes the condition that could not be computed, so its author finds it.
    expect((failure as Error).message).toMatch(
      /^condition '\$\{amount \/ income \* 100 >.*division by zero \('income' is 0\)$/,
    );
    expect(await count()).toBe(before);
  });

  it.each([
    ['${status.substring(0, 2) == "AP"}', "method 'substring' is not supported"],
    ['${execution.getVariable("a")}', "method 'getVariable' is not supported"],
    ['${vars:foo(a)}', "function 'vars:foo' is not supported"],
    ['${a ? b}', 'unexpected end of expression'],
    ['${"a" + b == "ab"}', "'+' works on numbers; texts are not joined"],
  ])(
    'given the unsupported condition %s, when deployed, then it is refused naming the flow and the place',
    async (condition, message) => {
      const refused = await context.engine
        .deploy(tenant, gateway('unsupported', condition))
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DefinitionRefusedError);
      const [error] = (refused as DefinitionRefusedError).errors;
      expect(error?.elementId).toBe('guarded');
      expect(error?.message).toContain(message);
      expect(error?.message).toMatch(/\(at \d+\)$/);
    },
  );
});
