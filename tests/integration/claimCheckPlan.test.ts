import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherStatistics } from '../../server/db/plannerStatistics';
import { claimTaskIds } from '../../server/engine';
import {
  createEngineTestContext,
  type EngineTestContext,
} from '../../server/engine/testing/createEngineTestContext';

const TENANT = 'acme';
const OFFICER = 'officer';

/** A case the officer starts, whose one task waits for a group the officer is not in. */
const bpmn = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="plans">
  <process id="review" name="Review" isExecutable="true">
    <extensionElements>
      <camunda:properties>
        <camunda:property name="initiatorCanCompleteTask" value="true" />
      </camunda:properties>
    </extensionElements>
    <startEvent id="start" />
    <sequenceFlow id="toWork" sourceRef="start" targetRef="work" />
    <userTask id="work" name="Work" camunda:candidateGroups="back-office" />
    <sequenceFlow id="toEnd" sourceRef="work" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/**
 * The buffers PostgreSQL read to answer whether the officer may claim one task, as the
 * engine asks it before a claim: a count of pages, the same on any machine, unlike a time.
 */
async function buffersOfOneClaimCheck(context: EngineTestContext, taskId: string): Promise<number> {
  const query = context.db
    .selectFrom(claimTaskIds({ tenant: TENANT, user: OFFICER, task: taskId }).as('g'))
    .select('g.task_id')
    .compile();
  const { rows } = await sql
    .raw<{
      'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }];
    }>(
      `explain (analyze, buffers, format json) ${query.sql.replace(/\$(\d+)/g, (_all, index: string) => `'${String(query.parameters[Number(index) - 1]).replace(/'/g, "''")}'`)}`,
    )
    .execute(context.db);
  const plan = rows[0]?.['QUERY PLAN'][0].Plan;
  if (!plan) throw new Error('EXPLAIN answered no plan.');
  return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
}

describe('the claim check of one task', () => {
  let context: EngineTestContext;
  const started: string[] = [];

  beforeAll(async () => {
    context = await createEngineTestContext();
    await context.seed([{ id: OFFICER, tenant: TENANT, groups: ['loan-officers'] }]);
    await context.engine.deploy(TENANT, bpmn);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  /** Starts cases as the officer until they started `count`; answers the last one's task. */
  async function officerStarted(count: number): Promise<string> {
    let taskId = '';
    while (started.length < count) {
      const instance = await context.engine.startProcess(TENANT, {
        key: 'review',
        startedBy: OFFICER,
      });
      const [task] = await context.engine.listInstanceTasks(TENANT, instance.id);
      if (!task) throw new Error('The case has no task.');
      started.push(task.id);
      taskId = task.id;
    }
    return taskId;
  }

  it('given a database whose planner has no statistics (a fresh PGlite), when the officer has started 5 and then 150 cases, then checking one task reads about as many pages', async () => {
    const few = await buffersOfOneClaimCheck(context, await officerStarted(5));
    const many = await buffersOfOneClaimCheck(context, await officerStarted(150));
    // One task found by its key and its instance's starter by the instance's key: the pages
    // read do not grow with the cases the officer started (a join through them read 30 times
    // as many in the demo's seed).
    expect(many).toBeLessThan(few * 2);
  }, 120_000);

  it('given the statistics gathered, when the same task is checked, then it still reads about as many pages', async () => {
    const few = await buffersOfOneClaimCheck(context, started[4] ?? '');
    await gatherStatistics(context.database);
    const gathered = await buffersOfOneClaimCheck(context, started[4] ?? '');
    expect(gathered).toBeLessThan(few * 2);
    const { rows } = await sql<{ reltuples: number }>`
      select reltuples from pg_class where relname = 'tasks'`.execute(context.db);
    // The planner now knows the table's size (-1 means never gathered).
    expect(Number(rows[0]?.reltuples)).toBeGreaterThanOrEqual(150);
  }, 60_000);
});
