import { ReportPath, type ReportType } from '../../schemas/api/reportsConstants';
import type {
  ReportDetailAnswer,
  ReportInstance,
  ReportListAnswer,
  ReportTask,
  ReportTaskForm,
  LoanApplicationDetails,
} from '../../schemas/api/reports';
import { parse as parseContentDisposition } from 'content-disposition';
import { http } from '../api/httpClient';

export type { LoanApplicationDetails, ReportInstance, ReportTask, ReportTaskForm, ReportType };

/** One completed instance's report: its row and its completed tasks with their forms. */
export type ReportDetail = ReportDetailAnswer['result'];

/** The completed instances of a type, labels in `language`. */
export async function fetchReportList(
  type: ReportType,
  language: string,
): Promise<ReportInstance[]> {
  const response = await http.get<ReportListAnswer>(ReportPath.list(type), {
    params: { lang: language },
  });
  return response.data.result;
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

/** The file name a Content-Disposition header gives, if any. */
function attachmentName(header: unknown): string | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  try {
    return parseContentDisposition(header).parameters['filename'] || undefined;
  } catch {
    return undefined;
  }
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
