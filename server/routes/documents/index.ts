import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import {
  AdminTemplatesAnswer,
  DocumentPath,
  DocumentRoute,
  GenerateAnswer,
  GenerateBody,
  RawParams,
  RawQuery,
  TEMPLATE_MAX_BYTES,
  TemplateAnswer,
  TemplateParams,
  TemplatesAnswer,
  TemplatesQuery,
} from '../../../schemas/api/documents';
import { Privilege } from '../../../schemas/api/identity';
import {
  addTemplate,
  deleteTemplate,
  generateDocument,
  listTemplates,
  listTenantTemplates,
  readGeneratedDocument,
  sweepGeneratedDocuments,
  templateScopes,
  type DocumentContext,
} from '../../documents/documentService';
import { JobQueue } from '../../workers/JobQueue';
import { AppError } from '../../errors';
import { definePlugin } from '../../fastify/definePlugin';
import { requirePrivilege, requireSession } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { readUploadForm, UPLOAD_FIELD_MAX_LENGTH } from '../../files/readUploadForm';
import { errorResponses } from '../errorResponses';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bounded queue every document generation waits in (SERVER_TOO_BUSY when full). */
    documentQueue: JobQueue;
  }
}

/** A served document runs nothing and loads nothing, whatever a browser makes of it. */
const DOCUMENT_CSP = "default-src 'none'; sandbox";

/** How often generated documents nobody fetched are looked for, in minutes. */
const SWEEP_MINUTES = 10;

/**
 * The documents calls (`DocumentPath`): list a scope's templates, generate a document in the
 * bounded queue, download it, and, for holders of access-admin, add and remove templates.
 * Every call needs a full session; which templates and subjects a user reaches is decided
 * per call (documentService.ts). The queue is the app's `documentQueue`, one per server
 * process; its size comes from the configuration (DOCUMENT_CONCURRENCY, DOCUMENT_QUEUE_LENGTH).
 */
export const documentRoutes = definePlugin(
  'tessera-documents',
  async (fastify) => {
    const settings = fastify.config.documents;
    const queue = new JobQueue(settings.concurrency, settings.queueLength, 'documents');
    fastify.decorate('documentQueue', queue);

    const sweep = setInterval(() => {
      sweepGeneratedDocuments(fastify.database.db, settings.keepMinutes).catch((error: unknown) =>
        fastify.log.error({ err: error }, 'generated documents clean-up failed'),
      );
    }, SWEEP_MINUTES * 60_000);
    sweep.unref();
    fastify.addHook('onClose', async () => clearInterval(sweep));

    await fastify.register(async (scope) => {
      const app = scope.withTypeProvider<TypeBoxProvider>();
      const { db } = app.database;
      const contextOf = (request: FastifyRequest): DocumentContext => ({
        db,
        engine: app.engine,
        queue,
        config: settings,
        actor: request.actor,
      });
      app.addHook('onRequest', requireSession);

      app.get(
        DocumentPath.templates,
        {
          schema: {
            summary: 'The document templates the user may fill for a case',
            querystring: TemplatesQuery,
            response: { 200: TemplatesAnswer, ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => ({ data: await listTemplates(db, request.actor, request.query.scope) }),
      );

      app.post(
        DocumentPath.generate,
        {
          schema: {
            summary: "Fills a document template from a case's data (queued)",
            querystring: NoQuery,
            body: GenerateBody,
            response: { 200: GenerateAnswer, ...errorResponses(400, 401, 403, 404, 422, 429) },
          },
        },
        async (request) => {
          const data = await generateDocument(contextOf(request), request.body);
          // Who made which document from which template, for the audit trail.
          request.log.info(
            {
              templateId: request.body.templateId,
              label: request.body.label,
              subject: data.processInstanceId,
              document: data.contentId,
            },
            'document generated',
          );
          return { data };
        },
      );

      app.get(
        DocumentRoute.raw,
        {
          schema: {
            summary: 'Downloads a generated document',
            params: RawParams,
            querystring: RawQuery,
            response: {
              200: Type.Unknown({ description: 'The generated document, as an attachment.' }),
              ...errorResponses(400, 401, 404),
            },
          },
        },
        async (request, reply) => {
          const document = await readGeneratedDocument(
            db,
            request.actor,
            request.params.processInstanceId,
            request.query.contentId,
            request.query.requiredFileFormat,
          );
          return reply
            .type(document.mediaType)
            .header(
              'content-disposition',
              contentDisposition(document.fileName, { type: 'attachment' }),
            )
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', DOCUMENT_CSP)
            .header('cache-control', 'no-store')
            .send(document.content);
        },
      );
    });

    // Administrators' calls, with the only multipart parser of this area.
    await fastify.register(async (scope) => {
      const app = scope.withTypeProvider<TypeBoxProvider>();
      const { db } = app.database;
      app.addHook('onRequest', requirePrivilege(Privilege.accessAdmin));
      await app.register(multipart, {
        limits: {
          fileSize: TEMPLATE_MAX_BYTES,
          files: 1,
          fields: 2,
          fieldSize: UPLOAD_FIELD_MAX_LENGTH,
          parts: 3,
          headerPairs: 20,
        },
      });

      app.get(
        DocumentPath.adminTemplates,
        {
          schema: {
            summary: 'Every document template, for administration (access-admin)',
            querystring: NoQuery,
            response: { 200: AdminTemplatesAnswer, ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => ({
          data: await listTenantTemplates(db, request.actor),
          scopes: await templateScopes(db, request.actor.tenant),
        }),
      );

      app.post(
        DocumentPath.adminTemplates,
        {
          schema: {
            summary: 'Adds a document template (access-admin)',
            querystring: NoQuery,
            response: {
              200: TemplateAnswer,
              ...errorResponses(400, 401, 403, 409, 413, 415, 422),
            },
          },
        },
        async (request) => {
          const form = await readUploadForm(request, () => TEMPLATE_MAX_BYTES);
          const { scope: templateScope, name } = form.fields;
          if (templateScope === undefined || name === undefined) {
            throw new AppError(400, ErrorCode.validation, 'Send scope and name before the file.');
          }
          return {
            data: await addTemplate(
              db,
              request.actor,
              {
                scope: templateScope,
                name,
                content: form.file.content,
              },
              settings.fill,
            ),
          };
        },
      );

      app.delete(
        DocumentRoute.adminTemplate,
        {
          schema: {
            summary: 'Removes a document template (access-admin)',
            params: TemplateParams,
            querystring: NoQuery,
            response: {
              200: Type.Object({ data: Type.Object({ id: Type.String() }) }),
              ...errorResponses(400, 401, 403, 404, 409),
            },
          },
        },
        async (request) => {
          await deleteTemplate(db, request.actor, request.params.templateId);
          return { data: { id: request.params.templateId } };
        },
      );
    });
  },
  ['tessera-database', 'tessera-session', 'tessera-task-engine'],
);
