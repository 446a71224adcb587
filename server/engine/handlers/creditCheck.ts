import type { ServiceHandler } from '../ServiceHandlerRegistry';

/** The lowest score of the demo scale (FICO's range). */
export const DEMO_SCORE_MIN = 300;
/** The highest score of the demo scale. */
export const DEMO_SCORE_MAX = 850;
/** The score from which the demo credit check passes. */
export const DEMO_SCORE_PASS = 620;

function amount(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

/** What the demo score is read from: the case's variables or the application form's values. */
export interface DemoApplicant {
  /** The loan asked for. */
  readonly loanAmount?: unknown;
  /** The applicant's monthly net income. */
  readonly monthlyIncome?: unknown;
}

/**
 * The demo's one scoring rule, shared by the loan origination's automatic credit check and
 * the stand-in credit bureau behind the application form's button, so both score a case the
 * same way: no bureau is asked, the score follows from the loan against a year's income.
 */
export function demoCreditScore(applicant: DemoApplicant): number {
  // 1. Without a known income the applicant gets a middling score.
  const loan = amount(applicant.loanAmount) ?? 0;
  const income = amount(applicant.monthlyIncome);
  if (income === undefined || income <= 0) return 600;
  // 2. Otherwise the score falls as the loan grows against a year's income.
  const ratio = loan / (income * 12);
  return Math.round(Math.min(DEMO_SCORE_MAX, Math.max(DEMO_SCORE_MIN, 820 - ratio * 200)));
}

/**
 * The demo credit check behind loan origination's `camunda:type="creditCheck"`: the demo
 * score (`demoCreditScore`), so the demo routes the same way every time. Sets `creditScore`
 * (300-850) and `creditCheckPassed` (>= 620).
 */
export const creditCheck: ServiceHandler = async ({ variables }) => {
  const score = demoCreditScore(variables);
  return { creditScore: score, creditCheckPassed: score >= DEMO_SCORE_PASS };
};
