import { ProcessType } from '../../schemas/api/processes';
import type { ReportType } from '../../schemas/api/reportsConstants';
import { PROCESS_TYPE_OF_KEY } from '../workflow/processQueries';

/**
 * The process keys whose completed instances a report lists: those the workflow area types
 * as the report's process type (`PROCESS_TYPE_OF_KEY`, the one map of process keys to
 * loan, customer and loan-application processes).
 */
export function processKeysOf(type: ReportType): string[] {
  const wanted = ProcessType[type];
  return Object.entries(PROCESS_TYPE_OF_KEY)
    .filter(([, processType]) => processType === wanted)
    .map(([key]) => key)
    .sort();
}

/**
 * The steps of the loan-application process the report's loanApplicationDetails are read
 * from: the application form the officer fills in, and the review that decides it.
 */
export const LOAN_APPLICATION_STEPS = {
  application: 'loanApplicationForm',
  review: 'loanReview',
} as const;
