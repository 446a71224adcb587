import type { JsonValue } from '../expressionAst';
import type { ServiceHandler } from '../ServiceHandlerRegistry';

function amount(value: JsonValue | undefined): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

/**
 * The demo credit check behind loan origination's `camunda:type="creditCheck"`. No bureau
 * is called: the score follows from the loan against a year's income, so the demo routes
 * the same way every time. Sets `creditScore` (300-850) and `creditCheckPassed` (>= 620).
 */
export const creditCheck: ServiceHandler = async ({ variables }) => {
  // 1. Without a known income the applicant gets a middling score.
  const loan = amount(variables.loanAmount) ?? 0;
  const income = amount(variables.monthlyIncome);
  let score = 600;
  // 2. Otherwise the score falls as the loan grows against a year's income.
  if (income !== undefined && income > 0) {
    const ratio = loan / (income * 12);
    score = Math.round(Math.min(850, Math.max(300, 820 - ratio * 200)));
  }
  return { creditScore: score, creditCheckPassed: score >= 620 };
};
