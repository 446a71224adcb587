import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { ProcessEngine, type Task } from '../engine';
import { AppError } from '../errors';
import { formRepositoryFor } from '../forms/formRepository';
import { requireValidSubmission } from '../forms/validateTaskSubmission';
import { checkTaskCompletion } from '../routes/tasks/checkTaskCompletion';
import { completeTask, type CompletionCheck } from '../workflow/taskActions';
import { subscribeTaskListeners } from '../workflow/taskEnginePlugin';
import { CUSTOMER_NAMES, type SeededRandom } from './demoWorkloadPlan';

const TENANT = 'internal';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The forms the cases' tasks are completed with, as the demo processes name them. */
const DEMO_CASE_FORMS = [
  'DSG-loan-application',
  'CUT-loan-review',
  'flowable-loan-request',
  'plain-every-type',
  'collateral-valuation',
  'loan-disbursement',
  'DSG-customer-onboarding',
  'kyc-compliance-review',
] as const;

/** What one task is completed with: by whom, which outcome, which values, how checked. */
interface Completion {
  readonly userId: string;
  readonly outcome?: string;
  /** The part of a combined task that submits. */
  readonly formId?: string;
  readonly values: Record<string, unknown>;
  /**
   * `draft` for forms with a picture, a signature or an upload the demo has no file for:
   * every value is still checked and formulas recomputed, only required media may be empty.
   */
  readonly check?: 'submit' | 'draft';
}

/** How a case completes each of its tasks, by the task's element id. */
type CasePlan = (task: Task) => Completion;

/** The check of a `draft` completion: the form's rules in draft mode, formulas recomputed. */
const draftCheck: CompletionCheck = async (db, task, submission) =>
  (
    await requireValidSubmission(db, task.tenant, task, submission.values, {
      mode: 'draft',
      ...(submission.formId === undefined ? {} : { formId: submission.formId }),
    })
  ).values;

/** A customer of the demo: names, number, birth date and e-mail, drawn once per case. */
interface DemoCustomer {
  readonly firstName: string;
  readonly lastName: string;
  readonly fullName: string;
  readonly customerId: string;
  readonly dateOfBirth: string;
  readonly email: string;
}

function drawCustomer(random: SeededRandom): DemoCustomer {
  const fullName = random.pick(CUSTOMER_NAMES);
  const [firstName = fullName, ...rest] = fullName.split(' ');
  const lastName = rest.join(' ') || firstName;
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return {
    firstName,
    lastName,
    fullName,
    customerId: `CUS-${String(random.int(100_000, 999_999))}`,
    dateOfBirth: `${random.int(1960, 2000)}-0${random.int(1, 9)}-${random.int(10, 28)}`,
    email: `${ascii(firstName)}.${ascii(lastName)}@mail.example`,
  };
}

/** A date `days` after `from`, as `YYYY-MM-DD`. */
function isoDay(from: Date, days: number): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The loan application form's values of a customer's loan. */
function applicationValues(
  random: SeededRandom,
  customer: DemoCustomer,
  loan: { product: string; amount: number; months: number; income: number },
  startDay: Date,
): Record<string, unknown> {
  const employed = random.chance(0.8);
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    dateOfBirth: customer.dateOfBirth,
    customerId: customer.customerId,
    email: customer.email,
    employmentStatus: employed ? 'employed' : 'selfEmployed',
    ...(employed
      ? { employerName: random.pick(['Iberdrola', 'Mercadona', 'Airbus', 'Renfe']) }
      : {}),
    loanProduct: loan.product,
    loanAmount: loan.amount,
    termMonths: loan.months,
    annualRate: random.pick([3.9, 4.5, 5.25, 6.75]),
    purpose: random.pick([
      'Purchase of a family home.',
      'A new car for commuting.',
      'Kitchen and bathroom renovation.',
    ]),
    disbursementDate: isoDay(startDay, 14),
    monthlyIncome: loan.income,
    otherMonthlyDebt: random.pick([0, 150, 320]),
    collateralTypes: loan.product === 'mortgage' ? ['property'] : ['vehicle'],
    hasExistingLoans: random.chance(0.3),
    consentCreditCheck: true,
    officerNotes: 'Identity and payslips checked in the branch.',
  };
}

/** Plays instances through the engine, each step an hour or so after the one before. */
class CaseRunner {
  private current = new Date(0);
  readonly engine: ProcessEngine;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly random: SeededRandom,
  ) {
    this.engine = new ProcessEngine(db, { clock: () => this.current });
  }

  /**
   * Starts an instance at `startedAt` and completes its open tasks as `plan` says until it
   * ends, claiming each for its completer first. Throws if the case does not end, so a
   * changed process shows up when the demo is seeded rather than as a half-made report.
   */
  async run(
    key: string,
    startedBy: string,
    startedAt: Date,
    name: string,
    variables: Record<string, string | number>,
    plan: CasePlan,
  ): Promise<void> {
    this.current = startedAt;
    const instance = await this.engine.startProcess(TENANT, { key, startedBy, name, variables });
    for (let round = 0; round < 12; round += 1) {
      const open = await this.engine.listInstanceTasks(TENANT, instance.id, { completed: false });
      if (open.length === 0) return;
      for (const task of open) {
        const completion = plan(task);
        this.current = new Date(this.current.getTime() + this.random.int(1, 20) * HOUR_MS);
        // A pool task is claimed by its completer, as a candidate would.
        if (task.assignee === null) await this.engine.claimTask(TENANT, task.id, completion.userId);
        this.current = new Date(this.current.getTime() + this.random.int(1, 3) * HOUR_MS);
        try {
          await completeTask(
            this.db,
            this.engine,
            { tenant: TENANT, userId: completion.userId, privileges: [] },
            task.id,
            {
              values: completion.values,
              ...(completion.outcome === undefined ? {} : { outcome: completion.outcome }),
              ...(completion.formId === undefined ? {} : { formId: completion.formId }),
            },
            completion.check === 'draft' ? draftCheck : checkTaskCompletion,
          );
        } catch (error) {
          // Name the task and every problem, so a changed form is fixed where it shows.
          const details = error instanceof AppError ? JSON.stringify(error.details ?? []) : '';
          throw new Error(
            `The demo case ${name} could not complete ${task.elementId}: ${details}`,
            {
              cause: error,
            },
          );
        }
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
 * form checks as the API, spread over the ten weeks before `now`. Answers false, adding
 * nothing, when those forms are not stored.
 */
export async function seedCompletedCases(
  db: Kysely<DatabaseSchema>,
  random: SeededRandom,
  now: Date,
): Promise<boolean> {
  // The cases are completed through their forms' checks: without the forms stored (a
  // database seeded with processes only) there is nothing to check them against.
  const forms = formRepositoryFor(db);
  for (const formKey of DEMO_CASE_FORMS) {
    if (!(await forms.compiled(TENANT, formKey))) return false;
  }
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
  return true;
}

async function loanApplications(
  runner: CaseRunner,
  random: SeededRandom,
  nextStart: () => Date,
): Promise<void> {
  const officers = ['lmartin', 'aokafor', 'jmorales', 'tbernard'];
  const cases = [
    { product: 'mortgage', amount: 185_000, months: 300, income: 5_200, decision: 'approved' },
    { product: 'car', amount: 18_500, months: 60, income: 2_900, decision: 'approved' },
    { product: 'personal', amount: 9_000, months: 36, income: 1_650, decision: 'rejected' },
    { product: 'mortgage', amount: 240_000, months: 360, income: 6_100, decision: 'approved' },
    { product: 'personal', amount: 4_500, months: 24, income: 2_300, decision: 'moreInfo' },
  ] as const;
  for (const loan of cases) {
    const officer = random.pick(officers);
    const reviewer = random.pick(['mgarcia', 'jmorales'].filter((user) => user !== officer));
    const customer = drawCustomer(random);
    const startedAt = nextStart();
    const application = applicationValues(random, customer, loan, startedAt);
    let reviews = 0;
    await runner.run(
      'loanApplication',
      officer,
      startedAt,
      `Loan application - ${customer.fullName}`,
      { applicantName: customer.fullName },
      (task) => {
        if (task.elementId === 'loanApplicationForm') {
          return { userId: officer, outcome: 'submitApplication', values: application };
        }
        if (task.elementId !== 'loanReview') return unexpected(task);
        reviews += 1;
        // A case sent back for more information is approved on its second review.
        const decision = loan.decision === 'moreInfo' && reviews > 1 ? 'approved' : loan.decision;
        return {
          userId: reviewer,
          formId: 'loan-review-decision',
          outcome: 'Complete review',
          // The review also shows the customer file, whose photo, signature and proof of
          // address the demo has no files for.
          check: 'draft',
          values: {
            decision,
            ...(decision === 'approved' ? { approvedAmount: loan.amount } : {}),
            decisionNotes:
              decision === 'approved'
                ? 'Affordability and documents in order.'
                : decision === 'rejected'
                  ? 'Debt-to-income too high for the requested term.'
                  : 'Please add the last three payslips.',
          },
        };
      },
    );
  }
}

async function loans(
  runner: CaseRunner,
  random: SeededRandom,
  nextStart: () => Date,
): Promise<void> {
  const officers = ['lmartin', 'aokafor', 'jmorales'];
  const cases: readonly { product: string; amount: number; months: number; income: number }[] = [
    { product: 'car', amount: 22_000, months: 72, income: 3_400 },
    { product: 'personal', amount: 12_500, months: 48, income: 4_100 },
    { product: 'car', amount: 64_000, months: 96, income: 6_800 },
  ];
  for (const loan of cases) {
    const officer = random.pick(officers);
    const customer = drawCustomer(random);
    const startedAt = nextStart();
    const valuationDay = isoDay(startedAt, 3);
    await runner.run(
      'loanOrigination',
      officer,
      startedAt,
      `Loan origination - ${customer.fullName}`,
      { customerName: customer.fullName, loanAmount: loan.amount, monthlyIncome: loan.income },
      (task) => {
        switch (task.elementId) {
          case 'applicationIntake':
            return {
              userId: officer,
              outcome: 'submitApplication',
              values: applicationValues(random, customer, loan, startedAt),
            };
          case 'supervisorApproval':
            return {
              userId: 'mgarcia',
              outcome: 'Approve',
              values: {
                requestedAmount: loan.amount,
                termMonths: loan.months,
                officerComment: 'Stable income, long-standing customer.',
                riskBand: 'A',
                incomeVerified: true,
                decisionDate: isoDay(startedAt, 2),
              },
            };
          case 'documentCollection':
            return {
              userId: officer,
              outcome: 'Approve',
              values: {
                fullName: customer.fullName,
                monthlyIncome: loan.income,
                dependants: random.int(0, 3),
                applicationDate: isoDay(startedAt, 0),
                addressNotes: 'Lives at the address on the ID card.',
                hasGuarantor: false,
                loanPurpose: loan.product === 'mortgage' ? 'home' : 'car',
                repaymentFrequency: 'monthly',
              },
            };
          case 'collateralValuation':
            return {
              userId: 'cdubois',
              outcome: 'Submit valuation',
              values: {
                collateralType: loan.product === 'mortgage' ? 'property' : 'vehicle',
                valuationMethod: loan.product === 'mortgage' ? 'fullInspection' : 'desktop',
                marketValue: Math.round(loan.amount * 1.4),
                forcedSaleValue: Math.round(loan.amount * 1.1),
                valuationDate: valuationDay,
                valuerName: 'Tasaciones Norte S.L.',
                inspectionCount: 1,
                encumbrances: false,
                valuerNotes: 'No defects found.',
              },
            };
          case 'disbursement':
            return {
              userId: 'cdubois',
              outcome: 'Disburse',
              values: {
                disbursedAmount: loan.amount,
                valueDate: isoDay(startedAt, 6),
                payeeName: customer.fullName,
                disbursementChannel: 'sepaCredit',
                iban: 'ES9121000418450200051332',
                bic: 'CAIXESBB',
                paymentReference: customer.customerId,
                signedContractReceived: true,
              },
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
  for (const nationality of ['ES', 'FR', 'PT']) {
    const customer = drawCustomer(random);
    const startedAt = nextStart();
    const capturer = random.pick(['aokafor', 'pnair']);
    await runner.run(
      'customerOnboarding',
      capturer,
      startedAt,
      `Customer onboarding - ${customer.fullName}`,
      { customerName: customer.fullName },
      (task) => {
        if (task.elementId === 'kycCapture') {
          return {
            userId: capturer,
            outcome: 'complete',
            check: 'draft',
            values: {
              fullName: customer.fullName,
              dateOfBirth: customer.dateOfBirth,
              nationality,
              idDocumentType: 'nationalId',
              idDocumentNumber: `X${String(random.int(1_000_000, 9_999_999))}`,
              address: {
                street: 'Calle Mayor 12',
                postalCode: '28013',
                city: 'Madrid',
                country: 'ES',
              },
              phone: '+34 600 123 456',
              email: customer.email,
              preferredLanguage: random.pick(['en', 'es', 'fr']),
              politicallyExposed: false,
              sourceOfFunds: 'Salary from permanent employment.',
              termsAccepted: true,
            },
          };
        }
        if (task.elementId !== 'complianceReview') return unexpected(task);
        return {
          userId: 'cdubois',
          outcome: 'Approve onboarding',
          values: {
            sanctionsScreening: 'clear',
            pepCheck: 'notPep',
            riskRating: 'low',
            nextReviewDate: isoDay(startedAt, 365),
            adverseMedia: false,
            eddRequired: false,
            reviewNotes: 'Screening clear; standard due diligence.',
          },
        };
      },
    );
  }
}
