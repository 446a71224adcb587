import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { ProcessEngine, Task } from '../engine';
import {
  applicationValues,
  bureauAnswer,
  complianceValues,
  creditDecisionValues,
  drawCustomer,
  drawLoan,
  kycValues,
  receivedApplication,
  reviewValues,
  type DemoCustomer,
  type DemoLoan,
} from './demoCaseData';
import { DemoActors, type DemoCompletion } from './demoSubmissions';
import type { SeededRandom } from './demoWorkloadPlan';

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

/**
 * Cases of `internal` played further than their first task, each step a person's claim or
 * submission through the task policy and the form's checks (see `DemoActors`): large loans
 * waiting for the credit committee (one rejected by it), small loans with documents and
 * collateral in parallel (two valuations handed to officers by the supervisor),
 * applications under review, onboardings in compliance review, and a few run to their
 * end. Notifications come from the listeners on `engine`.
 */
export async function runDemoStories(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  random: SeededRandom,
): Promise<void> {
  const people = new DemoActors(db, engine, TENANT);
  const officers = ['lmartin', 'aokafor', 'jmorales'];
  const start = (key: string, startedBy: string, variables: Record<string, string | number>) =>
    engine.startProcess(TENANT, { key, startedBy, variables });
  const submit = (task: Task, completion: DemoCompletion) =>
    people.complete(task, completion, `${task.name} (${task.instanceId})`);
  /** The officer fills in the application, bureau check included, and submits it. */
  const apply = (task: Task, officer: string, customer: DemoCustomer, loan: DemoLoan) =>
    submit(task, {
      userId: officer,
      outcome: 'submitApplication',
      values: applicationValues(random, customer, loan, task.createdAt),
      bureau: bureauAnswer(random, loan, task.createdAt),
    });

  // 1. Large loans at the credit committee (mgarcia, cdubois); the last one rejected.
  for (let index = 0; index < 7; index += 1) {
    const officer = random.pick(officers);
    const customer = drawCustomer(random);
    const loan = drawLoan(random, 'large');
    const instance = await start('loanOrigination', officer, receivedApplication(customer, loan));
    await apply(await openTask(engine, instance.id, 'applicationIntake'), officer, customer, loan);
    const approval = await openTask(engine, instance.id, 'supervisorApproval');
    if (index < 2) await people.claim(approval, 'mgarcia');
    else if (index === 2) await people.claim(approval, 'cdubois');
    else if (index === 6) {
      await submit(approval, {
        userId: 'mgarcia',
        outcome: 'reject',
        values: creditDecisionValues(random, approval.createdAt, false),
      });
    }
  }

  // 2. Small loans: documents (officers, or the initiator) and collateral (back office).
  for (let index = 0; index < 5; index += 1) {
    const officer = random.pick(officers);
    const customer = drawCustomer(random);
    // Well-off borrowers: the automatic credit check passes them on to the papers.
    const loan = drawLoan(random, 'small', true);
    const instance = await start('loanOrigination', officer, receivedApplication(customer, loan));
    await apply(await openTask(engine, instance.id, 'applicationIntake'), officer, customer, loan);
    const documents = await openTask(engine, instance.id, 'documentCollection');
    const collateral = await openTask(engine, instance.id, 'collateralValuation');
    if (index < 3) await people.claim(documents, officer);
    if (index < 2) {
      // The supervisor hands a valuation the back office has not picked up to an officer.
      await engine.assignTask(TENANT, collateral.id, { assignee: officer, actor: 'mgarcia' });
    } else if (index < 4) {
      await people.claim(collateral, 'cdubois');
    }
  }

  // 3. Applications filled in and waiting for a loan officer's review.
  for (let index = 0; index < 4; index += 1) {
    const officer = random.pick(officers);
    const instance = await start('loanApplication', officer, {});
    await apply(
      await openTask(engine, instance.id, 'loanApplicationForm'),
      officer,
      drawCustomer(random),
      drawLoan(random),
    );
    const review = await openTask(engine, instance.id, 'loanReview');
    if (index === 0) await people.claim(review, 'mgarcia');
    if (index === 1) await people.claim(review, reviewerOf(officer));
  }

  // 4. Onboardings captured and waiting for compliance.
  const capture = async (capturer: string): Promise<string> => {
    const instance = await start('customerOnboarding', capturer, {});
    await submit(await openTask(engine, instance.id, 'kycCapture'), {
      userId: capturer,
      outcome: 'complete',
      // The demo has no photo, signature or proof of address to upload.
      check: 'draft',
      values: kycValues(random, drawCustomer(random), random.pick(['ES', 'FR', 'PT'])),
    });
    return instance.id;
  };
  for (let index = 0; index < 3; index += 1) {
    const review = await openTask(engine, await capture('pnair'), 'complianceReview');
    if (index === 0) await people.claim(review, 'cdubois');
  }

  // 5. Finished cases for the reports: decided applications and completed onboardings.
  for (const decision of ['approved', 'rejected', 'approved'] as const) {
    const officer = random.pick(officers);
    const loan = drawLoan(random);
    const instance = await start('loanApplication', officer, {});
    await apply(
      await openTask(engine, instance.id, 'loanApplicationForm'),
      officer,
      drawCustomer(random),
      loan,
    );
    await submit(await openTask(engine, instance.id, 'loanReview'), {
      userId: reviewerOf(officer),
      formId: 'loan-review-decision',
      outcome: 'Complete review',
      check: 'draft',
      values: reviewValues(decision, loan.amount),
    });
  }
  for (let index = 0; index < 2; index += 1) {
    const review = await openTask(engine, await capture('aokafor'), 'complianceReview');
    await submit(review, {
      userId: 'cdubois',
      outcome: 'approve',
      values: complianceValues(review.createdAt),
    });
  }
}
