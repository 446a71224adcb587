// The completed-instance reports' paths, types and limits, without any schema: what the
// client imports at start-up, so the sign-in page never loads the schema library.

import { apiRoute } from './apiRoute';

/** The report types of `/report/{type}` (spec 001 section 2), in the drawer's order. */
export const REPORT_TYPES = ['loan', 'customer', 'loanApplication'] as const;
/** One report type. */
export type ReportType = (typeof REPORT_TYPES)[number];

/** Whether a path segment names a report type. */
export function isReportType(value: string): value is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(value);
}

/**
 * Report calls (spec 001 section 7, "Completed reports"; the paths are not shown there and
 * chosen here). One detail call answers the instance, its completed tasks and their forms.
 */
export const ReportPath = {
  /** GET `?lang=&size=&after=`: a page of the completed instances of a type, newest end first. */
  list: apiRoute('/api/report/v1/completed/:type'),
  /** GET `?lang=`: one completed instance with its completed tasks and their forms. */
  detail: apiRoute('/api/report/v1/completed/:type/:detailId'),
  /** GET `?lang=`: the instance as CSV, `{type}_report_{timestamp}.csv`. */
  csv: apiRoute('/api/report/v1/completed/:type/:detailId/csv'),
} as const;

/**
 * The most rows one page of a report list answers, and what it answers when no size is
 * asked: the spec's high-size query (spec 001 section 9, page 0 of size 4000).
 */
export const REPORT_PAGE_SIZE = 4000;

/** How a loan application ended, from its review's decision. */
export const LoanApplicationStatus = {
  approved: 'approved',
  declined: 'declined',
} as const;
/** A loan application's final status. */
export type LoanApplicationStatus =
  (typeof LoanApplicationStatus)[keyof typeof LoanApplicationStatus];
