import { Type } from '@sinclair/typebox';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  isReportType,
  ReportDetailAnswer,
  ReportDetailParams,
  REPORT_PAGE_SIZE,
  ReportListAnswer,
  ReportListParams,
  ReportListQuery,
  ReportQuery,
  ReportRoute,
  type ReportType,
} from '../../../schemas/api/reports';
import { AppError } from '../../errors';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import {
  listCompletedInstances,
  loadCompletedInstance,
  parseReportCursor,
} from '../../reports/completedReports';
import { reportCsv, reportCsvFileName } from '../../reports/reportCsv';
import { errorResponses } from '../errorResponses';

/** The report type of a path; 404 for a word that names none, as an unknown page is. */
function reportTypeOf(type: string): ReportType {
  if (!isReportType(type)) {
    throw new AppError(404, ErrorCode.notFound, `There is no ${type} report.`);
  }
  return type;
}

/**
 * The completed-instance reports (spec 001 sections 2 and 7): a type's list, a page at a
 * time (at most the spec's high-size query, 4000 rows), one instance's report and its CSV. Back-office staff only (access-bo, 403 otherwise); everything is read
 * within the caller's tenant, so another tenant's instance is a 404.
 */
export const reportRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessBo));

  app.get(
    ReportRoute.list,
    {
      schema: {
        summary: 'A page of a report of completed processes',
        params: ReportListParams,
        querystring: ReportListQuery,
        response: { 200: ReportListAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const type = reportTypeOf(request.params.type);
      const { lang, size, after } = request.query;
      const reader = { tenant: request.actor.tenant, language: lang ?? 'en' };
      const page = await listCompletedInstances(db, reader, type, {
        size: size ?? REPORT_PAGE_SIZE,
        after: after === undefined ? undefined : parseReportCursor(after),
      });
      return { type, result: page.rows, totalElements: page.totalElements, next: page.next };
    },
  );

  app.get(
    ReportRoute.detail,
    {
      schema: {
        summary: 'One completed process of a report, with its details',
        params: ReportDetailParams,
        querystring: ReportQuery,
        response: { 200: ReportDetailAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const type = reportTypeOf(request.params.type);
      const reader = { tenant: request.actor.tenant, language: request.query.lang ?? 'en' };
      const { instance, tasks } = await loadCompletedInstance(
        db,
        reader,
        type,
        request.params.detailId,
      );
      return { type, result: { instance, tasks } };
    },
  );

  app.get(
    ReportRoute.csv,
    {
      schema: {
        summary: 'Downloads one completed process of a report as CSV',
        params: ReportDetailParams,
        querystring: ReportQuery,
        response: {
          200: Type.Unknown({ description: 'The CSV file, as an attachment.' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const type = reportTypeOf(request.params.type);
      const language = request.query.lang ?? 'en';
      const reader = { tenant: request.actor.tenant, language };
      const report = await loadCompletedInstance(db, reader, type, request.params.detailId);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            contentDisposition(reportCsvFileName(type, new Date()), { type: 'attachment' }),
          )
          .header('x-content-type-options', 'nosniff')
          // A byte order mark, so a spreadsheet reads the file as UTF-8 and keeps accents.
          .send(`\uFEFF${reportCsv(type, report, language)}`)
      );
    },
  );
};
