import { ReportPath, type ReportType } from '../../schemas/api/reportsConstants';
import type {
  ReportDetailAnswer,
  ReportInstance,
  ReportListAnswer,
  ReportTask,
  ReportTaskForm,
  LoanApplicationDetails,
} from '../../schemas/api/reports';
import { http } from './httpClient';
import { attachmentName } from './attachmentName';

export type { LoanApplicationDetails, ReportInstance, ReportTask, ReportTaskForm, ReportType };

/** One completed instance's report: its row and its completed tasks with their forms. */
export type ReportDetail = ReportDetailAnswer['result'];

/** One page of a report list: its rows, how many there are in all, the next page's cursor. */
export interface ReportListPageData {
  readonly rows: ReportInstance[];
  readonly totalElements: number;
  /** Where the next page starts; null on the last page. */
  readonly next: string | null;
}

/**
 * A page of the completed instances of a type, labels in `language`: the first, or the one
 * after the cursor `after` (the server's page size, the spec's high-size query).
 */
export async function fetchReportList(
  type: ReportType,
  language: string,
  after?: string,
): Promise<ReportListPageData> {
  const response = await http.get<ReportListAnswer>(ReportPath.list(type), {
    params: after === undefined ? { lang: language } : { lang: language, after },
  });
  const { result, totalElements, next } = response.data;
  return { rows: result, totalElements, next };
}

/** One completed instance's report; a 404 rejects with `NotFoundError`. */
export async function fetchReportDetail(
  type: ReportType,
  detailId: string,
  language: string,
): Promise<ReportDetail> {
  const response = await http.get<ReportDetailAnswer>(ReportPath.detail(type, detailId), {
    params: { lang: language },
  });
  return response.data.result;
}

/** The instance's CSV, made by the server, as a `File` named as it names it. */
export async function fetchReportCsv(
  type: ReportType,
  detailId: string,
  language: string,
): Promise<File> {
  const response = await http.get<Blob>(ReportPath.csv(type, detailId), {
    params: { lang: language },
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  const name = attachmentName(response.headers['content-disposition']) ?? `${type}_report.csv`;
  return new File([response.data], name, { type: 'text/csv' });
}
