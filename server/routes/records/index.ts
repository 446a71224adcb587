import { Type } from '@sinclair/typebox';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import {
  DataStoreProcessesAnswer,
  DataStoreProcessesQuery,
  DataStoreProcessPath,
} from '../../../schemas/api/dataStoreProcesses';
import { FileId } from '../../../schemas/api/files';
import { Privilege } from '../../../schemas/api/identity';
import {
  ObjectDefinitionAnswer,
  ObjectDefinitionsAnswer,
  ObjectParams,
  RecordAnswer,
  RecordDownloadBody,
  RecordParams,
  RecordQueryAnswer,
  RecordQueryBody,
  RecordsPath,
} from '../../../schemas/api/records';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { listDataStoreProcesses } from '../../records/dataStoreProcesses';
import { DEFAULT_EXPORT_LIMITS } from '../../documents/documentConfig';
import { JobQueue, QueueFullError } from '../../workers/JobQueue';
import { AppError } from '../../errors';
import { loadDictionarySet } from '../../dictionaries/dictionaryRepository';
import { readerLanguage } from '../../fastify/readerLanguage';
import {
  buildRecordsWorkbookInWorker,
  downloadFileName,
  exportLabels,
} from '../../records/exportRecords';
import { DatabaseFileContentStore } from '../../files/FileContentStore';
import { loadRecord } from '../../records/loadRecord';
import { listObjectDefinitions, requireObjectDefinition } from '../../records/objectDefinitions';
import { readRecordFile } from '../../records/recordFiles';
import { queryRecordPage, querySelectionRows, requestedFields } from '../../records/recordQuery';
import { errorResponses } from '../errorResponses';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Downloads built at once, and how many may wait: each holds up to 100,000 rows and a
 * thread with a heap of its own, so two cores and their memory serve one at a time.
 */
const DOWNLOADS_AT_ONCE = 1;
const DOWNLOADS_WAITING = 8;

/** Seconds a download refused for a full queue is told to wait. */
const DOWNLOAD_RETRY_SECONDS = 10;

/** A record's file opened directly runs nothing and gets an origin of its own. */
const RECORD_FILE_CSP = "default-src 'none'; sandbox";

/** The path of one file of a record's form. */
const RecordFileParams = Type.Object({ ...RecordParams.properties, fileId: FileId });

/**
 * The business-object calls of `RecordsPath` (spec 001 section 7): definitions, a filtered
 * page of records, its xlsx download, one record with its form, and the processes linked to
 * an object (`DataStoreProcessPath`, the record page's Delete menu). Every call needs a full
 * session with access-bo (403 otherwise) and reads only the caller's tenant.
 */
export const recordRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  // The files of a record's form are read from the file store's own tables.
  const fileStore = new DatabaseFileContentStore(db);
  const downloads = new JobQueue(DOWNLOADS_AT_ONCE, DOWNLOADS_WAITING, 'record_downloads');
  const exportLimits = app.config.documents.export ?? DEFAULT_EXPORT_LIMITS;
  app.addHook('onRequest', requirePrivilege(Privilege.accessBo));

  app.get(
    RecordsPath.definitions,
    {
      schema: {
        summary: 'The business-object definitions the user may browse',
        querystring: NoQuery,
        response: { 200: ObjectDefinitionsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ result: await listObjectDefinitions(db, request.actor.tenant) }),
  );

  app.get(
    RecordsPath.definition.pattern,
    {
      schema: {
        summary: 'One business-object definition with its fields',
        params: ObjectParams,
        querystring: NoQuery,
        response: { 200: ObjectDefinitionAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await requireObjectDefinition(
        db,
        request.actor.tenant,
        request.params.key,
        request.params.version,
      ),
    }),
  );

  app.post(
    RecordsPath.query.pattern,
    {
      schema: {
        summary: 'A page of records, filtered and sorted',
        params: ObjectParams,
        querystring: NoQuery,
        body: RecordQueryBody,
        response: { 200: RecordQueryAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { body, params } = request;
      const tenant = request.actor.tenant;
      const definition = await requireObjectDefinition(db, tenant, params.key, params.version);
      const fields = requestedFields(definition, body);
      const selection = {
        tenant,
        definition,
        filters: body.filterParams,
        approach: body.filterApproach,
        sort: body.sortParams,
        // Text sorts as the reader's language orders words ("Élodie" beside "Eric").
        language: readerLanguage(request.headers['accept-language']),
      };
      return {
        result: await queryRecordPage(
          db,
          selection,
          { page: body.page, pageSize: body.pageSize },
          fields,
        ),
      };
    },
  );

  app.post(
    RecordsPath.download.pattern,
    {
      schema: {
        summary: 'Downloads the filtered records as a spreadsheet',
        params: ObjectParams,
        querystring: NoQuery,
        body: RecordDownloadBody,
        response: {
          200: Type.Unknown({ description: 'The xlsx file, as an attachment.' }),
          ...errorResponses(400, 401, 403, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { body, params } = request;
      const tenant = request.actor.tenant;
      const locale = body.locale ?? readerLanguage(request.headers['accept-language']);
      const definition = await requireObjectDefinition(db, tenant, params.key, params.version);
      // Dictionary codes are written as their labels in the reader's language.
      const labels = definition.fields.some((field) => field.dictionary !== undefined)
        ? exportLabels(definition, await loadDictionarySet(db, tenant), locale)
        : {};
      let file: Buffer;
      try {
        // The rows are read in the queue too, so waiting downloads hold no rows in memory.
        file = await downloads.run(async () => {
          const rows = await querySelectionRows(db, {
            tenant,
            definition,
            filters: body.filterParams,
            approach: body.searchType,
            sort: body.sortParams,
            language: locale,
          });
          return buildRecordsWorkbookInWorker(definition, rows, locale, labels, exportLimits);
        });
      } catch (error) {
        if (!(error instanceof QueueFullError)) throw error;
        throw new AppError(429, ErrorCode.serverTooBusy, 'The server is busy; try again shortly.', {
          headers: { 'retry-after': String(DOWNLOAD_RETRY_SECONDS) },
        });
      }
      return reply
        .type(XLSX_TYPE)
        .header(
          'content-disposition',
          contentDisposition(downloadFileName(definition, locale), { type: 'attachment' }),
        )
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );

  app.get(
    RecordsPath.record.pattern,
    {
      schema: {
        summary: 'One record with its values',
        params: RecordParams,
        querystring: NoQuery,
        response: { 200: RecordAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await loadRecord(db, request.actor.tenant, request.params),
    }),
  );

  app.get(
    RecordsPath.recordFile.pattern,
    {
      schema: {
        summary: "Downloads a file of a record's form",
        params: RecordFileParams,
        querystring: NoQuery,
        response: {
          200: Type.Unknown({ description: 'The file itself, as an attachment.' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { file, content } = await readRecordFile(
        db,
        fileStore,
        request.actor.tenant,
        request.params,
      );
      // The task file route's headers: an attachment that runs and loads nothing.
      return reply
        .type(file.media_type)
        .header('content-disposition', contentDisposition(file.file_name, { type: 'attachment' }))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', RECORD_FILE_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        .send(content);
    },
  );

  app.get(
    DataStoreProcessPath.list,
    {
      schema: {
        summary: 'The delete processes that may be started on records',
        querystring: DataStoreProcessesQuery,
        response: { 200: DataStoreProcessesAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await listDataStoreProcesses(db, {
        tenant: request.actor.tenant,
        ...request.query,
      }),
    }),
  );
};
