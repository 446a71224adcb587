import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { ProcessEngine, type Task } from '../engine';
import { formRepositoryFor } from '../forms/formRepository';
import { subscribeTaskListeners } from '../workflow/taskEnginePlugin';
import {
  applicationValues,
  bureauAnswer,
  collateralValues,
  completeLoan,
  complianceValues,
  creditDecisionValues,
  disbursementValues,
  documentValues,
  drawCustomer,
  kycValues,
  receivedApplication,
  reviewValues,
  type DemoLoan,
} from './demoCaseData';
import { DemoActors, type DemoCompletion } from './demoSubmissions';
import type { SeededRandom } from './demoWorkloadPlan';

const TENANT = 'internal';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The forms the cases' tasks are completed with, as the demo processes name them. */
const DEMO_CASE_FORMS = [
  'DSG-loan-application',
  'CUT-loan-review',
  'DSG-loan-credit-decision',
  'plain-every-type',
  'collateral-valuation',
  'loan-disbursement',
  'DSG-customer-onboarding',
  'DSG-kyc-compliance-review',
] as const;

/** How a case completes each of its tasks, by the task's element id. */
type CasePlan = (task: Task) => DemoCompletion;

/** Plays instances through the engine, each step an hour or so after the one before. */
class CaseRunner {
  private current = new Date(0);
  readonly engine: ProcessEngine;

  private readonly people: DemoActors;
  private names: Map<string, string> | undefined;

  constructor(
    db: Kysely<DatabaseSchema>,
    private readonly random: SeededRandom,
  ) {
    this.engine = new ProcessEngine(db, { clock: () => this.current });
    this.people = new DemoActors(db, this.engine, TENANT);
  }

  /**
   * Starts an instance at `startedAt`, named as the app's start call names it (the process
   * name and the time), and completes its open tasks as `plan` says until it ends, each by
   * its completer through the task policy and the form's checks. Throws if the case does
   * not end, so a changed process shows up when the demo is seeded rather than as a
   * half-made report.
   */
  async run(
    key: string,
    startedBy: string,
    startedAt: Date,
    variables: Record<string, string | number>,
    plan: CasePlan,
  ): Promise<void> {
    this.current = startedAt;
    this.names ??= new Map(
      (await this.engine.listDefinitions(TENANT)).map((definition) => [
        definition.key,
        definition.name,
      ]),
    );
    const name = `${this.names.get(key) ?? key} ${startedAt.toISOString()}`;
    const instance = await this.engine.startProcess(TENANT, { key, startedBy, name, variables });
    for (let round = 0; round < 12; round += 1) {
      const open = await this.engine.listInstanceTasks(TENANT, instance.id, { completed: false });
      if (open.length === 0) return;
      for (const task of open) {
        const completion = plan(task);
        this.current = new Date(this.current.getTime() + this.random.int(1, 20) * HOUR_MS);
        await this.people.complete(task, completion, name, () => {
          this.current = new Date(this.current.getTime() + this.random.int(1, 3) * HOUR_MS);
        });
      }
    }
    throw new Error(`The demo case ${name} did not end.`);
  }
}

/** Throws for a task a plan does not know, so a changed process is noticed. */
function unexpected(task: Task): never {
  throw new Error(`The demo's completed cases do not know the task ${task.elementId}.`);
}

/**
 * Completed cases for the reports of `internal` (see docs/decisions.md, "Completed-instance
 * reports"): loan applications decided by a reviewer (one sent back for more information
 * first), loans run from intake to disbursement (one large one approved by the credit
 * committee) and onboardings through compliance review, each completed through the same
 * task policy and form checks as the API, spread over the ten weeks before `now`. Needs
 * the demo's forms stored (`demoFormsStored`).
 */
export async function seedCompletedCases(
  db: Kysely<DatabaseSchema>,
  random: SeededRandom,
  now: Date,
): Promise<void> {
  const runner = new CaseRunner(db, random);
  const unsubscribe = subscribeTaskListeners(runner.engine);
  try {
    let day = 75;
    const nextStart = () => {
      day -= random.int(3, 6);
      return new Date(now.getTime() - day * DAY_MS - random.int(0, 6) * HOUR_MS);
    };
    await loanApplications(runner, random, nextStart);
    await loans(runner, random, nextStart);
    await onboardings(runner, random, nextStart);
  } finally {
    unsubscribe();
  }
}

/**
 * Whether the forms the demo's cases are completed with are stored for `internal`: cases
 * go through their forms' checks, so without them (a database seeded with processes only)
 * there is nothing to check them against and only the first tasks are seeded.
 */
export async function demoFormsStored(db: Kysely<DatabaseSchema>): Promise<boolean> {
  const forms = formRepositoryFor(db);
  for (const formKey of DEMO_CASE_FORMS) {
    if (!(await forms.compiled(TENANT, formKey))) return false;
  }
  return true;
}

async function loanApplications(
  runner: CaseRunner,
  random: SeededRandom,
  nextStart: () => Date,
): Promise<void> {
  const officers = ['lmartin', 'aokafor', 'jmorales', 'tbernard'];
  const cases = [
    { product: 'mortgage', amount: 185_000, months: 300, decision: 'approved' },
    { product: 'car', amount: 18_500, months: 60, decision: 'approved' },
    { product: 'personal', amount: 9_000, months: 36, decision: 'rejected' },
    { product: 'mortgage', amount: 240_000, months: 360, decision: 'approved' },
    { product: 'personal', amount: 4_500, months: 24, decision: 'moreInfo' },
  ] as const;
  for (const planned of cases) {
    const loan = completeLoan(random, planned.product, planned.amount, planned.months);
    const officer = random.pick(officers);
    const reviewer = random.pick(['mgarcia', 'jmorales'].filter((user) => user !== officer));
    const customer = drawCustomer(random);
    const startedAt = nextStart();
    const application = applicationValues(random, customer, loan, startedAt);
    let reviews = 0;
    await runner.run('loanApplication', officer, startedAt, {}, (task) => {
      if (task.elementId === 'loanApplicationForm') {
        return {
          userId: officer,
          outcome: 'submitApplication',
          values: application,
          bureau: bureauAnswer(random, loan, startedAt),
        };
      }
      if (task.elementId !== 'loanReview') return unexpected(task);
      reviews += 1;
      // A case sent back for more information is approved on its second review.
      const decision =
        planned.decision === 'moreInfo' && reviews > 1 ? 'approved' : planned.decision;
      return {
        userId: reviewer,
        formId: 'loan-review-decision',
        outcome: 'Complete review',
        // The review also shows the customer file, whose photo, signature and proof of
        // address the demo has no files for.
        check: 'draft',
        values: reviewValues(decision, loan.amount),
      };
    });
  }
}

/** The demo's loan originations: two small ones decided automatically, one by committee. */
async function loans(
  runner: CaseRunner,
  random: SeededRandom,
  nextStart: () => Date,
): Promise<void> {
  const officers = ['lmartin', 'aokafor', 'jmorales'];
  const cases: readonly DemoLoan[] = [
    completeLoan(random, 'car', 22_000, 72, true),
    completeLoan(random, 'personal', 12_500, 48, true),
    completeLoan(random, 'business', 64_000, 96),
  ];
  for (const loan of cases) {
    const officer = random.pick(officers);
    const customer = drawCustomer(random);
    const startedAt = nextStart();
    await runner.run(
      'loanOrigination',
      officer,
      startedAt,
      receivedApplication(customer, loan),
      (task) => {
        switch (task.elementId) {
          case 'applicationIntake':
            return {
              userId: officer,
              outcome: 'submitApplication',
              values: applicationValues(random, customer, loan, startedAt),
              bureau: bureauAnswer(random, loan, startedAt),
            };
          case 'supervisorApproval':
            return {
              userId: 'mgarcia',
              outcome: 'approve',
              values: creditDecisionValues(random, startedAt, true),
            };
          case 'documentCollection':
            return {
              userId: officer,
              outcome: 'Approve',
              values: documentValues(random, customer, loan, startedAt),
            };
          case 'collateralValuation':
            return {
              userId: 'cdubois',
              outcome: 'Submit valuation',
              values: collateralValues(loan, startedAt),
            };
          case 'disbursement':
            return {
              userId: 'cdubois',
              outcome: 'Disburse',
              values: disbursementValues(customer, loan, startedAt),
            };
          default:
            return unexpected(task);
        }
      },
    );
  }
}

async function onboardings(
  runner: CaseRunner,
  random: SeededRandom,
  nextStart: () => Date,
): Promise<void> {
  for (const nationality of ['ES', 'FR', 'PT'] as const) {
    const customer = drawCustomer(random);
    const startedAt = nextStart();
    const capturer = random.pick(['aokafor', 'pnair']);
    await runner.run('customerOnboarding', capturer, startedAt, {}, (task) => {
      if (task.elementId === 'kycCapture') {
        return {
          userId: capturer,
          outcome: 'complete',
          check: 'draft',
          values: kycValues(random, customer, nationality),
        };
      }
      if (task.elementId !== 'complianceReview') return unexpected(task);
      return {
        userId: 'cdubois',
        outcome: 'approve',
        values: complianceValues(startedAt),
      };
    });
  }
}
