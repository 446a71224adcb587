import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClaimable, type ClaimFacts } from '../../schemas/api/claimRule';
import { TaskStatus } from '../../schemas/api/tasksConstants';
import { claimableCondition } from '../../server/engine';
import {
  createEngineTestContext,
  type EngineTestContext,
} from '../../server/engine/testing/createEngineTestContext';
import { loadTaskRows } from '../../server/workflow/taskRows';

const TENANT = 'acme';
/** The user whose claims every case asks about. */
const ME = 'me';
const OTHER = 'other';

/** Two processes alike but for whether the initiator may complete (and so claim) the task. */
const bpmn = (key: string, initiatorCanComplete: boolean) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs-${key}" targetNamespace="claims">
  <process id="${key}" name="${key}" isExecutable="true">
    <extensionElements>
      <camunda:properties>
        <camunda:property name="initiatorCanCompleteTask" value="${initiatorCanComplete}" />
      </camunda:properties>
    </extensionElements>
    <startEvent id="start" camunda:initiator="initiator" />
    <sequenceFlow id="toWork" sourceRef="start" targetRef="work" />
    <userTask id="work" name="Work" camunda:assignee="\${assignee}"
      camunda:candidateUsers="\${candidateUsers}" camunda:candidateGroups="\${candidateGroups}" />
    <sequenceFlow id="toLater" sourceRef="work" targetRef="later" />
    <userTask id="later" name="Later" camunda:assignee="\${initiator}" />
    <sequenceFlow id="toEnd" sourceRef="later" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/** One row of the table: a task as it stands, described from the asking user's side. */
interface ClaimCase {
  readonly completed: boolean;
  readonly assignee: 'none' | 'me' | 'other';
  readonly candidateUser: 'none' | 'me' | 'other';
  readonly candidateGroup: 'none' | 'mine' | 'other';
  readonly initiatorCanComplete: boolean;
  readonly startedBy: 'me' | 'other';
}

/** Every open combination, and completed tasks (always with someone who completed them). */
const CASES: readonly ClaimCase[] = [false, true].flatMap((completed) =>
  (completed ? (['me', 'other'] as const) : (['none', 'me', 'other'] as const)).flatMap(
    (assignee) =>
      (['none', 'me', 'other'] as const).flatMap((candidateUser) =>
        (['none', 'mine', 'other'] as const).flatMap((candidateGroup) =>
          [true, false].flatMap((initiatorCanComplete) =>
            (['me', 'other'] as const).map((startedBy) => ({
              completed,
              assignee,
              candidateUser,
              candidateGroup,
              initiatorCanComplete,
              startedBy,
            })),
          ),
        ),
      ),
  ),
);

/** The facts the client reads off a task row for this case, as `ME` would receive them. */
function factsOf(claim: ClaimCase): ClaimFacts {
  return {
    assignee: claim.assignee === 'none' ? null : claim.assignee,
    taskStatus: claim.completed ? TaskStatus.completed : TaskStatus.open,
    memberOfCandidateUsers: !claim.completed && claim.candidateUser === 'me',
    memberOfCandidateGroup: !claim.completed && claim.candidateGroup === 'mine',
    initiatorCanCompleteTask: claim.initiatorCanComplete,
    processInstanceStartUserId: claim.startedBy,
  };
}

describe('the claim rule', () => {
  let context: EngineTestContext;
  const taskOfCase = new Map<string, ClaimCase>();

  beforeAll(async () => {
    context = await createEngineTestContext();
    await context.seed([
      { id: ME, tenant: TENANT, groups: ['mine'] },
      { id: OTHER, tenant: TENANT, groups: ['other'] },
    ]);
    await context.engine.deploy(TENANT, bpmn('initiatorMay', true));
    await context.engine.deploy(TENANT, bpmn('initiatorMayNot', false));
    // Given one task per case, made by the engine.
    for (const claim of CASES) {
      const instance = await context.engine.startProcess(TENANT, {
        key: claim.initiatorCanComplete ? 'initiatorMay' : 'initiatorMayNot',
        startedBy: claim.startedBy,
        variables: {
          assignee: claim.assignee === 'none' ? '' : claim.assignee,
          candidateUsers: claim.candidateUser === 'none' ? '' : claim.candidateUser,
          candidateGroups: claim.candidateGroup === 'none' ? '' : claim.candidateGroup,
        },
      });
      const [task] = await context.engine.listInstanceTasks(TENANT, instance.id);
      if (!task) throw new Error('The case has no task.');
      if (claim.completed) {
        await context.engine.completeTask(TENANT, task.id, { userId: claim.assignee });
      }
      taskOfCase.set(task.id, claim);
    }
  }, 180_000);

  afterAll(async () => {
    await context?.close();
  });

  it('given a table of tasks, when the SQL rule and the client function judge each, then they agree on every case', async () => {
    const rows = await context.db
      .selectFrom('tasks as t')
      .select((eb) => [
        't.id',
        claimableCondition(
          { id: eb.ref('t.id'), state: eb.ref('t.state'), assignee: eb.ref('t.assignee') },
          { tenant: TENANT, user: ME },
        ).as('claimable'),
      ])
      .where('t.tenant', '=', TENANT)
      .where('t.id', 'in', [...taskOfCase.keys()])
      .execute();
    expect(rows).toHaveLength(CASES.length);
    const disagreements = rows.flatMap((row) => {
      const claim = taskOfCase.get(row.id);
      if (!claim) return [];
      const client = isClaimable(factsOf(claim), ME);
      return Boolean(row.claimable) === client ? [] : [{ ...claim, sql: row.claimable, client }];
    });
    expect(disagreements).toEqual([]);
    // The table holds both answers, so agreement is not the trivial "never".
    expect(rows.filter((row) => row.claimable).length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.claimable).length).toBeGreaterThan(0);
  });

  it('given the same tasks, when the server answers their rows and the engine is asked, then the client function and canClaim agree with the case', async () => {
    const rows = await loadTaskRows(context.db, { tenant: TENANT, userId: ME, privileges: [] }, [
      ...taskOfCase.keys(),
    ]);
    expect(rows).toHaveLength(CASES.length);
    for (const row of rows) {
      const claim = taskOfCase.get(row.taskId);
      if (!claim) throw new Error(`No case for ${row.taskId}`);
      const expected = isClaimable(factsOf(claim), ME);
      expect({ claim, fromRow: isClaimable(row, ME) }).toEqual({ claim, fromRow: expected });
      expect({ claim, engine: await context.engine.canClaim(TENANT, row.taskId, ME) }).toEqual({
        claim,
        engine: expected,
      });
    }
  });
});
