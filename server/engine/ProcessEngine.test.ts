import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConflictError,
  DefinitionRefusedError,
  ForbiddenError,
  NotFoundError,
  ProcessExecutionError,
} from './engineErrors';
import { registerRecordDeletionHandlers } from './handlers/recordDeletion';
import type { ProcessInstance, Task } from './processEngineTypes';
import { createEngineTestContext, type EngineTestContext } from './testing/createEngineTestContext';

const fixturesDir = fileURLToPath(new URL('../../fixtures/processes/', import.meta.url));
// The record-deletion process waits for the records area's deleteRecord handler before it
// joins the demo processes; the engine tests deploy it with a handler of their own.
const recordDeletionFile = fileURLToPath(
  new URL('./testing/processes/record-deletion.bpmn', import.meta.url),
);
const fixture = (name: string) => readFile(`${fixturesDir}${name}`, 'utf8');

/** The instant every instance in these tests starts at, unless a test moves the clock. */
const start = new Date('2026-03-02T09:00:00.000Z');

/** Wraps flow elements in a definitions document with the Camunda namespace. */
function bpmn(key: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="defs" targetNamespace="tests">
  <process id="${key}" name="${key}" isExecutable="true">${body}</process>
</definitions>`;
}

describe('ProcessEngine', () => {
  let context: EngineTestContext;
  const deleted: { tenant: string; objectType: string; recordId: string }[] = [];

  beforeAll(async () => {
    context = await createEngineTestContext(start);
    context.handlers.register('deleteRecord', async ({ tenant, properties, db, instanceId }) => {
      // Writes through the engine's transaction, so a rollback would undo it too.
      await db
        .insertInto('process_history')
        .values({
          tenant,
          instance_id: instanceId,
          task_id: null,
          event: 'recordDeleted',
          actor: null,
          at: start,
          payload: JSON.stringify(properties),
        })
        .execute();
      deleted.push({
        tenant,
        objectType: properties.objectType ?? '',
        recordId: properties.recordId ?? '',
      });
      return { recordDeleted: true };
    });
    // The demo's record deletion process names its record with the real handler; this test's
    // own deleteRecord (above) stays, so deletions are observed here.
    registerRecordDeletionHandlers(context.handlers);
    await context.seed([
      { id: 'olivia', tenant: 'acme', groups: ['loan-officers'] },
      { id: 'oscar', tenant: 'acme', groups: ['loan-officers', 'onboarding'] },
      { id: 'carla', tenant: 'acme', groups: ['credit-committee', 'supervisors'] },
      { id: 'bruno', tenant: 'acme', groups: ['back-office'] },
      { id: 'nadia', tenant: 'acme' },
      { id: 'gina', tenant: 'globex', groups: ['loan-officers', 'back-office'] },
    ]);
    const result = await context.engine.deployFolder('acme', fixturesDir);
    expect(result.refused).toEqual([]);
    await context.engine.deploy('acme', await readFile(recordDeletionFile, 'utf8'));
    expect(result.deployed.map((definition) => definition.key).sort()).toEqual([
      'customerOnboarding',
      'customerRecordDeletion',
      'loanApplication',
      'loanOrigination',
    ]);
  });

  afterAll(async () => {
    await context.close();
  });

  async function openTasks(instance: ProcessInstance, tenant = 'acme'): Promise<Task[]> {
    return context.engine.listInstanceTasks(tenant, instance.id, { completed: false });
  }

  async function onlyOpenTask(instance: ProcessInstance, elementId: string): Promise<Task> {
    const tasks = await openTasks(instance);
    expect(tasks.map((task) => task.elementId)).toEqual([elementId]);
    return tasks[0] as Task;
  }

  async function claimAndComplete(
    task: Task,
    userId: string,
    input: { outcome?: string; variables?: Record<string, string | number | boolean> } = {},
  ) {
    await context.engine.claimTask('acme', task.id, userId);
    return context.engine.completeTask('acme', task.id, { userId, ...input });
  }

  describe('deploy', () => {
    it('given a changed definition, when deployed, then it becomes the next version of its key', async () => {
      const xml = await fixture('loan-application.bpmn');
      const first = await context.engine.deploy('acme', xml);
      const again = await context.engine.deploy('acme', xml);
      const changed = await context.engine.deploy('acme', xml.replace('P3D', 'P4D'));
      expect(again.id).toBe(first.id);
      expect(changed.version).toBe(first.version + 1);
      expect(changed.key).toBe('loanApplication');
      const latest = await context.engine.listDefinitions('acme');
      expect(latest.find((definition) => definition.key === 'loanApplication')?.id).toBe(
        changed.id,
      );
    });

    it('given a definition with a script task, when deployed, then it is refused naming the element', async () => {
      const xml = await fixture('invalid/with-script-task.bpmn');
      const error = await context.engine.deploy('acme', xml).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DefinitionRefusedError);
      expect((error as DefinitionRefusedError).errors).toContainEqual(
        expect.objectContaining({ elementId: 'computeScore', elementType: 'bpmn:ScriptTask' }),
      );
      expect((error as DefinitionRefusedError).statusCode).toBe(400);
    });

    it('given a service task naming an unknown handler, when deployed, then it is refused', async () => {
      const xml = bpmn(
        'wire',
        `<startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="pay" />
         <serviceTask id="pay" camunda:type="wireMoney" />
         <sequenceFlow id="f2" sourceRef="pay" targetRef="e" /><endEvent id="e" />`,
      );
      await expect(context.engine.deploy('acme', xml)).rejects.toThrow(
        "bpmn:ServiceTask 'pay': no service handler named 'wireMoney' is registered",
      );
    });

    it('given a deployed fixture folder, when listed, then the latest versions carry category and name', async () => {
      const definitions = await context.engine.listDefinitions('acme');
      expect(definitions.find((definition) => definition.key === 'loanOrigination')).toMatchObject({
        name: 'Loan origination',
        category: 'loans',
        description: "From a customer's loan application to disbursement.",
      });
    });
  });

  describe('startProcess', () => {
    it('given the loan application, when started, then its first task is assigned to the initiator and due a day later', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanApplication',
        startedBy: 'olivia',
        variables: { applicantName: 'Ana Ruiz' },
      });
      expect(instance).toMatchObject({
        definitionKey: 'loanApplication',
        name: 'Loan application',
        startedBy: 'olivia',
        status: 'On-going',
        endedAt: null,
        variables: { applicantName: 'Ana Ruiz', initiator: 'olivia' },
      });
      const task = await onlyOpenTask(instance, 'loanApplicationForm');
      expect(task).toMatchObject({
        assignee: 'olivia',
        formKey: 'DSG-loan-application',
        dueDate: new Date('2026-03-03T09:00:00.000Z'),
        seenByAssignee: false,
        priority: 50,
      });
    });

    it('given a candidate-group task, when created, then one candidate row per group is written', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanOrigination',
        startedBy: 'olivia',
        variables: { firstName: 'Ana', lastName: 'Ruiz', loanAmount: 1000 },
      });
      const task = await onlyOpenTask(instance, 'applicationIntake');
      expect(task).toMatchObject({
        name: 'Application intake',
        assignee: null,
        priority: 60,
      });
      const rows = await context.db
        .selectFrom('task_candidates')
        .select(['tenant', 'kind', 'principal'])
        .where('task_id', '=', task.id)
        .execute();
      expect(rows).toEqual([{ tenant: 'acme', kind: 'group', principal: 'loan-officers' }]);
      expect(await context.engine.getTaskCandidates('acme', task.id)).toEqual({
        users: [],
        groups: ['loan-officers'],
      });
    });

    it('given an export that assigns a task to $INITIATOR, with no initiator variable declared, when started, then the starter gets the task', async () => {
      await context.engine.deploy(
        'acme',
        bpmn(
          'initiatorToken',
          `<startEvent id="start" />
          <sequenceFlow id="f1" sourceRef="start" targetRef="check" />
          <userTask id="check" name="Check" camunda:assignee="$INITIATOR" />
          <sequenceFlow id="f2" sourceRef="check" targetRef="end" />
          <endEvent id="end" />`,
        ),
      );
      const instance = await context.engine.startProcess('acme', {
        key: 'initiatorToken',
        startedBy: 'olivia',
      });
      expect((await onlyOpenTask(instance, 'check')).assignee).toBe('olivia');
    });

    it('given an unknown key, when started, then it is not found', async () => {
      await expect(
        context.engine.startProcess('acme', { key: 'nope', startedBy: 'olivia' }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('loan origination routing', () => {
    it('given a large loan, when the intake completes, then the credit check runs and the exclusive gateway asks the committee', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanOrigination',
        startedBy: 'olivia',
        variables: { firstName: 'Ana', lastName: 'Ruiz' },
      });
      const intake = await onlyOpenTask(instance, 'applicationIntake');
      const { instance: after } = await claimAndComplete(intake, 'olivia', {
        variables: { loanAmount: 80000, monthlyIncome: 5000 },
      });
      expect(after.variables).toMatchObject({ creditScore: expect.any(Number) });
      const approval = await onlyOpenTask(instance, 'supervisorApproval');
      expect(approval.name).toBe('Approve loan of 80 000 for Ana Ruiz');
      expect(approval.displayNames?.fr).toBe('Approve loan of 80 000 for Ana Ruiz');
      expect(await context.engine.canClaim('acme', approval.id, 'olivia')).toBe(false);
      expect(await context.engine.canClaim('acme', approval.id, 'carla')).toBe(true);
    });

    it('given a rejection by the committee, when completed, then the default flow ends the instance', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanOrigination',
        startedBy: 'olivia',
        variables: { customerName: 'Ben', loanAmount: 90000, monthlyIncome: 4000 },
      });
      await claimAndComplete(await onlyOpenTask(instance, 'applicationIntake'), 'oscar');
      const { instance: ended } = await claimAndComplete(
        await onlyOpenTask(instance, 'supervisorApproval'),
        'carla',
        { outcome: 'reject' },
      );
      expect(ended).toMatchObject({ status: 'Completed', endedAt: start });
      expect(ended.variables).toMatchObject({ supervisorApprovalOutcome: 'reject' });
      expect(await openTasks(instance)).toEqual([]);
    });

    it('given a small loan, when the intake completes, then the parallel gateway forks and the join waits for both branches', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanOrigination',
        startedBy: 'olivia',
        variables: {
          firstName: 'Cleo',
          lastName: 'Durand',
          loanAmount: 10000,
          monthlyIncome: 6000,
        },
      });
      await claimAndComplete(await onlyOpenTask(instance, 'applicationIntake'), 'oscar');
      // 1. Fork: both branches are open.
      const forked = await openTasks(instance);
      expect(forked.map((task) => task.elementId).sort()).toEqual([
        'collateralValuation',
        'documentCollection',
      ]);
      const documents = forked.find((task) => task.elementId === 'documentCollection') as Task;
      const collateral = forked.find((task) => task.elementId === 'collateralValuation') as Task;
      expect(documents.dueDate).toEqual(new Date('2026-03-07T09:00:00.000Z'));
      expect(collateral.dueDate).toEqual(new Date('2026-03-05T09:00:00.000Z'));
      // 2. One branch done: the token waits at the join; nothing downstream yet.
      await claimAndComplete(collateral, 'bruno');
      expect((await openTasks(instance)).map((task) => task.elementId)).toEqual([
        'documentCollection',
      ]);
      const waiting = await context.db
        .selectFrom('process_executions')
        .select(['element_id', 'state'])
        .where('instance_id', '=', instance.id)
        .orderBy('element_id')
        .execute();
      expect(waiting).toEqual([
        { element_id: 'documentCollection', state: 'active' },
        { element_id: 'join', state: 'waiting' },
      ]);
      // 3. The initiator may take the documents task though not in its group.
      await claimAndComplete(documents, 'olivia');
      const disbursement = await onlyOpenTask(instance, 'disbursement');
      expect(disbursement.dueDate).toEqual(new Date('2026-03-02T13:00:00.000Z'));
      // 4. The last task ends the instance and leaves no token behind.
      const { instance: ended } = await claimAndComplete(disbursement, 'bruno');
      expect(ended.status).toBe('Completed');
      const tokens = await context.db
        .selectFrom('process_executions')
        .select('id')
        .where('instance_id', '=', instance.id)
        .execute();
      expect(tokens).toEqual([]);
      const completed = await context.engine.listInstanceTasks('acme', instance.id, {
        completed: true,
      });
      // The test clock stands still, so creation order ties; compare as a set.
      expect(completed.map((task) => task.elementId).sort()).toEqual([
        'applicationIntake',
        'collateralValuation',
        'disbursement',
        'documentCollection',
      ]);
    });

    it('given both parallel branches completed at once, when they race, then the join fires exactly once', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanOrigination',
        startedBy: 'olivia',
        variables: { customerName: 'Dan', loanAmount: 5000, monthlyIncome: 6000 },
      });
      await claimAndComplete(await onlyOpenTask(instance, 'applicationIntake'), 'oscar');
      // 1. Each branch gets its own assignee.
      const officers: Record<string, string> = {
        documentCollection: 'oscar',
        collateralValuation: 'bruno',
      };
      const branches = await openTasks(instance);
      for (const task of branches) {
        await context.engine.claimTask('acme', task.id, officers[task.elementId] ?? '');
      }
      // 2. Both complete at the same moment; the instance lock serialises them.
      await Promise.all(
        branches.map((task) =>
          context.engine.completeTask('acme', task.id, { userId: officers[task.elementId] ?? '' }),
        ),
      );
      await onlyOpenTask(instance, 'disbursement');
    });
  });

  describe('due dates', () => {
    /** A review task due three days after something; `extra` may say what from. */
    const reviewProcess = (key: string, processExtra: string, taskExtra: string) =>
      bpmn(
        key,
        `${processExtra}
        <startEvent id="start" />
        <sequenceFlow id="f1" sourceRef="start" targetRef="intake" />
        <userTask id="intake" name="Intake" camunda:candidateGroups="loan-officers" />
        <sequenceFlow id="f2" sourceRef="intake" targetRef="review" />
        <userTask id="review" name="Review" camunda:candidateGroups="loan-officers"
          camunda:dueDate="P3D">${taskExtra}</userTask>
        <sequenceFlow id="f3" sourceRef="review" targetRef="end" />
        <endEvent id="end" />`,
      );
    const fromInstanceStart = `<extensionElements><camunda:properties>
          <camunda:property name="dueDateFrom" value="instanceStart" />
        </camunda:properties></extensionElements>`;

    /** Starts `key` at `start`, completes the intake four days later, returns the review. */
    async function reviewCreatedLater(key: string): Promise<Task> {
      context.setNow(start);
      const instance = await context.engine.startProcess('acme', { key, startedBy: 'olivia' });
      const later = new Date(start.getTime() + 4 * 24 * 3_600_000);
      context.setNow(later);
      try {
        await claimAndComplete(await onlyOpenTask(instance, 'intake'), 'olivia');
        return await onlyOpenTask(instance, 'review');
      } finally {
        context.setNow(start);
      }
    }

    it('given a task created days after the instance started, when it appears, then its due date counts from its own creation', async () => {
      await context.engine.deploy('acme', reviewProcess('dueFromTask', '', ''));
      const review = await reviewCreatedLater('dueFromTask');
      expect(review.createdAt).toEqual(new Date('2026-03-06T09:00:00.000Z'));
      expect(review.dueDate).toEqual(new Date('2026-03-09T09:00:00.000Z'));
      expect((review.dueDate as Date).getTime()).toBeGreaterThan(review.createdAt.getTime());
    });

    it('given a task whose definition counts from the instance start, when it appears, then its due date does', async () => {
      await context.engine.deploy('acme', reviewProcess('dueFromStart', '', fromInstanceStart));
      const review = await reviewCreatedLater('dueFromStart');
      expect(review.dueDate).toEqual(new Date('2026-03-05T09:00:00.000Z'));
    });

    it('given a process that counts from the instance start, when a task appears, then its due date does', async () => {
      await context.engine.deploy('acme', reviewProcess('dueFromProcess', fromInstanceStart, ''));
      const review = await reviewCreatedLater('dueFromProcess');
      expect(review.dueDate).toEqual(new Date('2026-03-05T09:00:00.000Z'));
    });

    it('given a due date read from a variable, when the task appears, then it is due then', async () => {
      await context.engine.deploy(
        'acme',
        bpmn(
          'dueFromVariable',
          `<startEvent id="start" />
          <sequenceFlow id="f1" sourceRef="start" targetRef="review" />
          <userTask id="review" name="Review" camunda:candidateGroups="loan-officers"
            camunda:dueDate="\${reviewDueDate}" />
          <sequenceFlow id="f2" sourceRef="review" targetRef="end" />
          <endEvent id="end" />`,
        ),
      );
      context.setNow(start);
      const instance = await context.engine.startProcess('acme', {
        key: 'dueFromVariable',
        startedBy: 'olivia',
        variables: { reviewDueDate: '2026-03-20T17:00:00.000Z' },
      });
      const review = await onlyOpenTask(instance, 'review');
      expect(review.dueDate).toEqual(new Date('2026-03-20T17:00:00.000Z'));
    });

    it('given an unknown dueDateFrom, when deployed, then it is refused with the reason', async () => {
      const refused = context.engine.deploy(
        'acme',
        reviewProcess('dueFromNowhere', '', fromInstanceStart.replace('instanceStart', 'never')),
      );
      await expect(refused).rejects.toBeInstanceOf(DefinitionRefusedError);
      await expect(refused).rejects.toMatchObject({
        errors: [expect.objectContaining({ message: expect.stringMatching(/dueDateFrom/) })],
      });
    });
  });

  describe('loan application routing', () => {
    it('given a review asking for more information, when completed, then the application returns to its initiator', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanApplication',
        startedBy: 'olivia',
        variables: { applicantName: 'Lea' },
      });
      const application = await onlyOpenTask(instance, 'loanApplicationForm');
      await context.engine.completeTask('acme', application.id, { userId: 'olivia' });
      await claimAndComplete(await onlyOpenTask(instance, 'loanReview'), 'oscar', {
        outcome: 'complete',
        variables: { decision: 'moreInfo' },
      });
      const again = await onlyOpenTask(instance, 'loanApplicationForm');
      expect(again.id).not.toBe(application.id);
      expect(again.assignee).toBe('olivia');
      await context.engine.completeTask('acme', again.id, { userId: 'olivia' });
      const { instance: ended } = await claimAndComplete(
        await onlyOpenTask(instance, 'loanReview'),
        'oscar',
        { outcome: 'complete', variables: { decision: 'approved' } },
      );
      expect(ended).toMatchObject({
        status: 'Completed',
        variables: { loanReviewOutcome: 'complete' },
      });
      const tokens = await context.db
        .selectFrom('process_executions')
        .select('id')
        .where('instance_id', '=', instance.id)
        .execute();
      expect(tokens).toEqual([]);
    });
  });

  describe('service tasks', () => {
    it('given an approved deletion, when the approval completes, then the deleteRecord handler runs with rendered properties', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'recordDeletion',
        startedBy: 'nadia',
        variables: { recordTitle: 'Loan 42', objectType: 'loans', recordId: '42' },
      });
      const request = await onlyOpenTask(instance, 'deletionRequest');
      expect(request.assignee).toBe('nadia');
      await context.engine.completeTask('acme', request.id, { userId: 'nadia' });
      const approval = await onlyOpenTask(instance, 'deletionApproval');
      const { instance: ended } = await claimAndComplete(approval, 'carla', {
        outcome: 'Approve deletion',
      });
      expect(deleted).toContainEqual({ tenant: 'acme', objectType: 'loans', recordId: '42' });
      expect(ended).toMatchObject({ status: 'Completed', variables: { recordDeleted: true } });
      const events = await context.db
        .selectFrom('process_history')
        .select('event')
        .where('instance_id', '=', instance.id)
        .orderBy('id')
        .execute();
      expect(events.map((row) => row.event)).toEqual([
        'processStarted',
        'taskCreated',
        'taskCompleted',
        'taskCreated',
        'taskClaimed',
        'taskCompleted',
        'recordDeleted',
        'serviceTaskRun',
        'processCompleted',
      ]);
    });

    it('given a handler that fails, when the task completes, then the whole step is rolled back', async () => {
      context.handlers.register('alwaysFails', async () => {
        throw new Error('webhook unreachable');
      });
      await context.engine.deploy(
        'acme',
        bpmn(
          'failing',
          `<startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="t" />
           <userTask id="t" camunda:assignee="olivia" />
           <sequenceFlow id="f2" sourceRef="t" targetRef="call" />
           <serviceTask id="call" camunda:type="alwaysFails" />
           <sequenceFlow id="f3" sourceRef="call" targetRef="e" /><endEvent id="e" />`,
        ),
      );
      const instance = await context.engine.startProcess('acme', {
        key: 'failing',
        startedBy: 'olivia',
      });
      const task = await onlyOpenTask(instance, 't');
      await expect(
        context.engine.completeTask('acme', task.id, { userId: 'olivia', variables: { x: 1 } }),
      ).rejects.toThrow('webhook unreachable');
      expect(await context.engine.getTask('acme', task.id)).toMatchObject({ state: 'open' });
      expect(await context.engine.getVariables('acme', instance.id)).toEqual({});
    });

    it('given a gateway where no condition holds and no default, when reached, then the step is refused and kept', async () => {
      await context.engine.deploy(
        'acme',
        bpmn(
          'dead-end',
          `<startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="t" />
           <userTask id="t" camunda:assignee="olivia" />
           <sequenceFlow id="f2" sourceRef="t" targetRef="g" />
           <exclusiveGateway id="g" />
           <sequenceFlow id="f3" sourceRef="g" targetRef="e">
             <conditionExpression xsi:type="tFormalExpression">\${ready == true}</conditionExpression>
           </sequenceFlow>
           <endEvent id="e" />`,
        ),
      );
      const instance = await context.engine.startProcess('acme', {
        key: 'dead-end',
        startedBy: 'olivia',
      });
      const task = await onlyOpenTask(instance, 't');
      await expect(
        context.engine.completeTask('acme', task.id, { userId: 'olivia' }),
      ).rejects.toBeInstanceOf(ProcessExecutionError);
      await context.engine.completeTask('acme', task.id, {
        userId: 'olivia',
        variables: { ready: true },
      });
      expect((await context.engine.getInstance('acme', instance.id)).status).toBe('Completed');
    });
  });

  describe('claim and complete', () => {
    it('given a task assigned to someone else, when another user completes it, then it is refused', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanApplication',
        startedBy: 'olivia',
      });
      const task = await onlyOpenTask(instance, 'loanApplicationForm');
      await expect(
        context.engine.completeTask('acme', task.id, { userId: 'oscar' }),
      ).rejects.toBeInstanceOf(ForbiddenError);
      await context.engine.completeTask('acme', task.id, {
        userId: 'olivia',
        variables: { firstName: 'Eve', lastName: 'Adams' },
      });
      await expect(
        context.engine.completeTask('acme', task.id, { userId: 'olivia' }),
      ).rejects.toBeInstanceOf(ConflictError);
      const review = await onlyOpenTask(instance, 'loanReview');
      expect(review.name).toBe('Review the application of Eve Adams');
      // Unassigned: nobody may complete it before claiming.
      await expect(
        context.engine.completeTask('acme', review.id, { userId: 'oscar' }),
      ).rejects.toBeInstanceOf(ForbiddenError);
    });

    it('given a user outside the candidates, when claiming, then it is refused; the initiator rule is per task', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'customerOnboarding',
        startedBy: 'nadia',
        variables: { customerName: 'Fay' },
      });
      const kyc = await onlyOpenTask(instance, 'kycCapture');
      expect(kyc.initiatorCanCompleteTask).toBe(true);
      await expect(context.engine.claimTask('acme', kyc.id, 'bruno')).rejects.toBeInstanceOf(
        ForbiddenError,
      );
      await claimAndComplete(kyc, 'nadia');
      const review = await onlyOpenTask(instance, 'complianceReview');
      expect(review.initiatorCanCompleteTask).toBe(false);
      await expect(context.engine.claimTask('acme', review.id, 'nadia')).rejects.toBeInstanceOf(
        ForbiddenError,
      );
      await claimAndComplete(review, 'bruno');
      expect((await context.engine.getInstance('acme', instance.id)).status).toBe('Completed');
    });

    it('given 50 candidates, when all claim one task at once, then exactly one succeeds and the rest conflict', async () => {
      const claimers = Array.from({ length: 50 }, (_, index) => ({
        id: `claimer-${index}`,
        tenant: 'acme',
        groups: ['loan-officers'],
      }));
      await context.seed(claimers);
      const instance = await context.engine.startProcess('acme', {
        key: 'loanOrigination',
        startedBy: 'olivia',
        variables: { customerName: 'Gus' },
      });
      const task = await onlyOpenTask(instance, 'applicationIntake');
      const results = await Promise.allSettled(
        claimers.map((claimer) => context.engine.claimTask('acme', task.id, claimer.id)),
      );
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result) => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(49);
      for (const result of lost) expect(result.reason).toBeInstanceOf(ConflictError);
      const winner = (won[0] as PromiseFulfilledResult<Task>).value.assignee;
      expect((await context.engine.getTask('acme', task.id)).assignee).toBe(winner);
      const claims = await context.db
        .selectFrom('process_history')
        .select('actor')
        .where('task_id', '=', task.id)
        .where('event', '=', 'taskClaimed')
        .execute();
      expect(claims).toEqual([{ actor: winner }]);
    });

    it('given a reassignment racing a completion, when both run at once, then one wins and the other is refused cleanly', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanOrigination',
        startedBy: 'olivia',
        variables: { customerName: 'Kim' },
      });
      const task = await onlyOpenTask(instance, 'applicationIntake');
      await context.engine.claimTask('acme', task.id, 'oscar');
      const [completion, reassignment] = await Promise.allSettled([
        context.engine.completeTask('acme', task.id, { userId: 'oscar' }),
        context.engine.assignTask('acme', task.id, {
          assignee: 'olivia',
          actor: 'carla',
          expectedAssignee: 'oscar',
        }),
      ]);
      const outcomes = [completion.status, reassignment.status].sort();
      expect(outcomes).toEqual(['fulfilled', 'rejected']);
      const failure = [completion, reassignment].find((result) => result.status === 'rejected');
      expect((failure as PromiseRejectedResult).reason).toSatisfy(
        (reason: unknown) => reason instanceof ConflictError || reason instanceof ForbiddenError,
      );
    });

    it('given an assignment with a stale expected assignee, when assigned, then it conflicts', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanOrigination',
        startedBy: 'olivia',
        variables: { customerName: 'Hal' },
      });
      const task = await onlyOpenTask(instance, 'applicationIntake');
      await context.engine.claimTask('acme', task.id, 'oscar');
      await expect(
        context.engine.assignTask('acme', task.id, {
          assignee: 'olivia',
          actor: 'carla',
          expectedAssignee: 'bruno',
        }),
      ).rejects.toBeInstanceOf(ConflictError);
      await expect(
        context.engine.assignTask('acme', task.id, { assignee: 'ghost', actor: 'carla' }),
      ).rejects.toBeInstanceOf(NotFoundError);
      const moved = await context.engine.assignTask('acme', task.id, {
        assignee: 'olivia',
        actor: 'carla',
        expectedAssignee: 'oscar',
      });
      expect(moved).toMatchObject({ assignee: 'olivia', seenByAssignee: false });
      await context.engine.markTaskSeen('acme', task.id, 'olivia');
      expect((await context.engine.getTask('acme', task.id)).seenByAssignee).toBe(true);
    });
  });

  describe('hooks', () => {
    it('given a task-created listener, when a process starts, then it hears each task with its candidates', async () => {
      const heard: string[] = [];
      const unsubscribe = context.engine.onTaskCreated(({ task, candidates, instance }) => {
        heard.push(`${task.elementId}:${candidates.groups.join(',')}:${instance.startedBy}`);
      });
      await context.engine.startProcess('acme', { key: 'customerOnboarding', startedBy: 'oscar' });
      unsubscribe();
      await context.engine.startProcess('acme', { key: 'customerOnboarding', startedBy: 'oscar' });
      expect(heard).toEqual(['kycCapture:onboarding:oscar']);
    });

    it('given a listener that throws, when a process starts, then nothing of it is stored', async () => {
      const before = await context.db
        .selectFrom('process_instances')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const unsubscribe = context.engine.onTaskCreated(() => {
        throw new Error('notification store down');
      });
      await expect(
        context.engine.startProcess('acme', { key: 'customerOnboarding', startedBy: 'oscar' }),
      ).rejects.toThrow('notification store down');
      unsubscribe();
      const after = await context.db
        .selectFrom('process_instances')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(after.count).toBe(before.count);
    });

    it('given an instance reaching its end, when it ends, then the ended listener hears it once', async () => {
      const ended: string[] = [];
      const unsubscribe = context.engine.onProcessEnded(({ instance }) => {
        ended.push(instance.status);
      });
      const instance = await context.engine.startProcess('acme', {
        key: 'loanApplication',
        startedBy: 'olivia',
      });
      await context.engine.completeTask(
        'acme',
        (await onlyOpenTask(instance, 'loanApplicationForm')).id,
        {
          userId: 'olivia',
        },
      );
      await claimAndComplete(await onlyOpenTask(instance, 'loanReview'), 'oscar', {
        outcome: 'approve',
      });
      unsubscribe();
      expect(ended).toEqual(['Completed']);
    });
  });

  describe('tenants', () => {
    it('given work in one tenant, when another tenant looks, then it sees and touches nothing of it', async () => {
      const instance = await context.engine.startProcess('acme', {
        key: 'loanOrigination',
        startedBy: 'olivia',
        variables: { customerName: 'Ida' },
      });
      const task = await onlyOpenTask(instance, 'applicationIntake');
      // gina is a loan officer too, but of globex.
      await expect(context.engine.getTask('globex', task.id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(context.engine.claimTask('globex', task.id, 'gina')).rejects.toBeInstanceOf(
        NotFoundError,
      );
      await expect(context.engine.claimTask('acme', task.id, 'gina')).rejects.toBeInstanceOf(
        ForbiddenError,
      );
      await expect(context.engine.getInstance('globex', instance.id)).rejects.toBeInstanceOf(
        NotFoundError,
      );
      await expect(context.engine.getVariables('globex', instance.id)).rejects.toBeInstanceOf(
        NotFoundError,
      );
      expect(await context.engine.listInstanceTasks('globex', instance.id)).toEqual([]);
      expect(await context.engine.listDefinitions('globex')).toEqual([]);
      await expect(
        context.engine.startProcess('globex', { key: 'loanOrigination', startedBy: 'gina' }),
      ).rejects.toBeInstanceOf(NotFoundError);
      await expect(
        context.engine.startProcess('globex', {
          definitionId: instance.definitionId,
          startedBy: 'gina',
        }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('given the same key deployed in two tenants, when versions are counted, then each tenant counts its own', async () => {
      const xml = await fixture('loan-origination.bpmn');
      const globex = await context.engine.deploy('globex', xml);
      expect(globex.version).toBe(1);
      const instance = await context.engine.startProcess('globex', {
        key: 'loanOrigination',
        startedBy: 'gina',
        variables: { customerName: 'Jo' },
      });
      const task = (await openTasks(instance, 'globex'))[0] as Task;
      await context.engine.claimTask('globex', task.id, 'gina');
      const rows = await context.db
        .selectFrom('tasks')
        .select('tenant')
        .where('instance_id', '=', instance.id)
        .execute();
      expect(rows).toEqual([{ tenant: 'globex' }]);
    });
  });
});
