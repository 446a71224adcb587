import type { ProcessEngine, Task } from '../engine';
import { CUSTOMER_NAMES, type SeededRandom } from './demoWorkloadPlan';

const TENANT = 'internal';

/** The one open task of an instance at `elementId`; the story below put it there. */
async function openTask(
  engine: ProcessEngine,
  instanceId: string,
  elementId: string,
): Promise<Task> {
  const tasks = await engine.listInstanceTasks(TENANT, instanceId, { completed: false });
  const task = tasks.find((candidate) => candidate.elementId === elementId);
  if (!task) throw new Error(`The demo expected ${elementId} to be open in ${instanceId}.`);
  return task;
}

/**
 * The loan officer who reviews an application filled in by `officer`: four eyes (the
 * process excludes whoever started or filled it), so never that officer.
 */
function reviewerOf(officer: string): string {
  return officer === 'jmorales' ? 'lmartin' : 'jmorales';
}

/** Claims and completes a task in one go, as its new assignee. */
async function work(
  engine: ProcessEngine,
  task: Task,
  userId: string,
  completion: { outcome?: string; variables?: Record<string, string | number> } = {},
): Promise<void> {
  if (task.assignee !== userId) await engine.claimTask(TENANT, task.id, userId);
  await engine.completeTask(TENANT, task.id, { userId, ...completion });
}

/**
 * Cases of `internal` played through the engine itself, so later steps exist too: large
 * loans waiting for the credit committee, small loans with documents and collateral in
 * parallel (some collateral valuations without a due date, two handed to officers by the
 * supervisor), applications under review, onboardings in compliance review, and a few
 * instances run to their end. Notifications come from the listeners on `engine`.
 */
export async function runDemoStories(engine: ProcessEngine, random: SeededRandom): Promise<void> {
  const officers = ['lmartin', 'aokafor', 'jmorales'];
  const start = (key: string, startedBy: string, variables: Record<string, string | number>) =>
    engine.startProcess(TENANT, { key, startedBy, variables });

  // 1. Large loans at the credit committee (mgarcia, cdubois).
  for (let index = 0; index < 7; index += 1) {
    const officer = random.pick(officers);
    const instance = await start('loanOrigination', officer, {
      customerName: random.pick(CUSTOMER_NAMES),
      loanAmount: random.int(120, 500) * 500,
      monthlyIncome: random.int(30, 90) * 100,
    });
    await work(engine, await openTask(engine, instance.id, 'applicationIntake'), officer);
    const approval = await openTask(engine, instance.id, 'supervisorApproval');
    if (index < 2) await engine.claimTask(TENANT, approval.id, 'mgarcia');
    else if (index === 2) await engine.claimTask(TENANT, approval.id, 'cdubois');
    else if (index === 6) await work(engine, approval, 'mgarcia', { outcome: 'reject' });
  }

  // 2. Small loans: documents (officers, or the initiator) and collateral (back office).
  for (let index = 0; index < 5; index += 1) {
    const officer = random.pick(officers);
    const variables: Record<string, string | number> = {
      customerName: random.pick(CUSTOMER_NAMES),
      loanAmount: random.int(10, 80) * 500,
      monthlyIncome: random.int(40, 90) * 100,
    };
    if (index >= 3) variables.valuationDueDate = `P${random.int(2, 12)}D`;
    const instance = await start('loanOrigination', officer, variables);
    await work(engine, await openTask(engine, instance.id, 'applicationIntake'), officer);
    const documents = await openTask(engine, instance.id, 'documentCollection');
    const collateral = await openTask(engine, instance.id, 'collateralValuation');
    if (index < 3) await engine.claimTask(TENANT, documents.id, officer);
    if (index < 2) {
      await engine.assignTask(TENANT, collateral.id, { assignee: officer, actor: 'mgarcia' });
    } else if (index < 4) {
      await engine.claimTask(TENANT, collateral.id, 'cdubois');
    }
  }

  // 3. Applications filled in and waiting for a loan officer's review.
  for (let index = 0; index < 4; index += 1) {
    const officer = random.pick(officers);
    const instance = await start('loanApplication', officer, {});
    await work(engine, await openTask(engine, instance.id, 'loanApplicationForm'), officer, {
      variables: { applicantName: random.pick(CUSTOMER_NAMES) },
    });
    const review = await openTask(engine, instance.id, 'loanReview');
    if (index === 0) await engine.claimTask(TENANT, review.id, 'mgarcia');
    if (index === 1) await engine.claimTask(TENANT, review.id, reviewerOf(officer));
  }

  // 4. Onboardings captured and waiting for compliance.
  for (let index = 0; index < 3; index += 1) {
    const instance = await start('customerOnboarding', 'pnair', {});
    await work(engine, await openTask(engine, instance.id, 'kycCapture'), 'pnair', {
      variables: { customerName: random.pick(CUSTOMER_NAMES) },
    });
    const review = await openTask(engine, instance.id, 'complianceReview');
    if (index === 0) await engine.claimTask(TENANT, review.id, 'cdubois');
  }

  // 5. Finished cases for the reports: decided applications and completed onboardings.
  for (const decision of ['approved', 'rejected', 'approved']) {
    const officer = random.pick(officers);
    const instance = await start('loanApplication', officer, {});
    await work(engine, await openTask(engine, instance.id, 'loanApplicationForm'), officer, {
      variables: { applicantName: random.pick(CUSTOMER_NAMES) },
    });
    await work(engine, await openTask(engine, instance.id, 'loanReview'), reviewerOf(officer), {
      variables: { decision },
    });
  }
  for (let index = 0; index < 2; index += 1) {
    const instance = await start('customerOnboarding', 'aokafor', {});
    await work(engine, await openTask(engine, instance.id, 'kycCapture'), 'aokafor', {
      variables: { customerName: random.pick(CUSTOMER_NAMES) },
    });
    await work(engine, await openTask(engine, instance.id, 'complianceReview'), 'cdubois');
  }
}
