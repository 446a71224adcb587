import type { ReportType } from '../../schemas/api/reportsConstants';

/** The route patterns of the completed-instance reports (spec 000 section 2). */
export const ReportPaths = {
  list: '/report/:type',
  detail: '/report/:type/:detailId',
} as const;

/** The list of a report type. */
export function reportListPath(type: ReportType): string {
  return `/report/${type}`;
}

/** One completed instance's report. */
export function reportDetailPath(type: ReportType, detailId: string): string {
  return `/report/${type}/${encodeURIComponent(detailId)}`;
}
