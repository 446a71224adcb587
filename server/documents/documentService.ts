import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import {
  DOCUMENT_FORMAT,
  DOCUMENT_SCOPE_PATTERN,
  TEMPLATE_NAME_MAX_LENGTH,
  TemplateRefusal,
  type AdminTemplate,
  type DocumentTemplate,
  type DocumentType,
  type GenerateBody,
  type GeneratedDocument,
  type TemplateScope,
} from '../../schemas/api/documents';
import { MediaType } from '../../schemas/api/files';
import { Privilege } from '../../schemas/api/identity';
import { ProcessType } from '../../schemas/api/processes';
import type { DatabaseSchema } from '../db/schema';
import type { ProcessEngine } from '../engine';
import { AppError } from '../errors';
import { listObjectDefinitions } from '../records/objectDefinitions';
import { SYSTEM_AUTHOR } from './documentTables';
import type { RequestActor } from '../fastify/session';
import { downloadName } from '../files/fileNames';
import { runInWorker, WorkerLimitError, type WorkerLimits } from '../workers/runInWorker';
import { DEFAULT_FILL_LIMITS, type DocumentConfig } from './documentConfig';
import {
  processInstanceSource,
  recordSource,
  type DocumentSubject,
  type DocumentSubjectSource,
} from './documentSubjects';
import { JobQueue, QueueFullError } from '../workers/JobQueue';
import { templateRefused } from './officeZip';

/** What every documents call works with. */
export interface DocumentContext {
  db: Kysely<DatabaseSchema>;
  engine: ProcessEngine;
  queue: JobQueue;
  config: DocumentConfig;
  actor: RequestActor;
}

/**
 * Runs a template job on its own thread: a limit it passes is the template's refusal, in the
 * words the administrator and the user are shown (time: tooSlow; memory: tooLarge).
 */
async function runTemplateJob<T>(work: () => Promise<T>, limits: WorkerLimits): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WorkerLimitError)) throw error;
    throw error.limit === 'time'
      ? templateRefused(
          TemplateRefusal.tooSlow,
          `The template took more than ${limits.timeMs / 1000} s to fill.`,
        )
      : templateRefused(TemplateRefusal.tooLarge, 'The template needs too much memory to fill.');
  }
}

/** Seconds a refused generation is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** The media type a document of each type is served as. */
export const DOCUMENT_MEDIA_TYPE: Readonly<Record<DocumentType, MediaType>> = {
  document: MediaType.docx,
  sheet: MediaType.xlsx,
};

const REPORT_TYPES: readonly string[] = Object.values(ProcessType);

const notFound = (message: string) => new AppError(404, ErrorCode.notFound, message);

/**
 * Who may see a scope's templates: a report type's, anyone who works on tasks or in the
 * back office (the process instance page and the reports); an object's, the back office.
 */
function requireScopeAccess(actor: RequestActor, scope: string): void {
  const { accessBo, accessTask } = Privilege;
  const allowed = REPORT_TYPES.includes(scope)
    ? actor.privileges.includes(accessTask) || actor.privileges.includes(accessBo)
    : actor.privileges.includes(accessBo);
  if (!allowed) {
    throw new AppError(403, ErrorCode.insufficientPrivileges, 'These templates are not yours.');
  }
}

const toTemplate = (row: {
  id: string;
  name: string;
  scope: string;
  document_type: DocumentType;
}): DocumentTemplate => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  documentType: row.document_type,
});

/** The templates of one scope of the actor's tenant, by name (spec 001: the generate menu). */
export async function listTemplates(
  db: Kysely<DatabaseSchema>,
  actor: RequestActor,
  scope: string,
): Promise<DocumentTemplate[]> {
  requireScopeAccess(actor, scope);
  const rows = await db
    .selectFrom('document_templates')
    .select(['id', 'name', 'scope', 'document_type'])
    .where('tenant', '=', actor.tenant)
    .where('scope', '=', scope)
    .orderBy('name')
    .execute();
  return rows.map(toTemplate);
}

/** Every template of the actor's tenant, by scope and name: the administrators' page. */
export async function listTenantTemplates(
  db: Kysely<DatabaseSchema>,
  actor: RequestActor,
): Promise<AdminTemplate[]> {
  const rows = await db
    .selectFrom('document_templates as template')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'template.created_by')
        .onRef('users.tenant', '=', 'template.tenant'),
    )
    .select([
      'template.id',
      'template.name',
      'template.scope',
      'template.document_type',
      'template.created_by',
      'template.created_at',
      'users.first_name',
      'users.last_name',
    ])
    .where('template.tenant', '=', actor.tenant)
    .orderBy('template.scope')
    .orderBy('template.name')
    .execute();
  return rows.map((row) => ({
    ...toTemplate(row),
    // The person's name; their id when they are no longer a user of the tenant; null for
    // the templates the installation brought (`system`).
    createdBy:
      row.first_name != null
        ? `${row.first_name} ${row.last_name ?? ''}`.trim()
        : row.created_by === SYSTEM_AUTHOR
          ? null
          : row.created_by,
    builtIn: row.created_by === SYSTEM_AUTHOR,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * What a template can be for: the tenant's object definitions (latest version of each key,
 * with its label), then the report types.
 */
export async function templateScopes(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<TemplateScope[]> {
  const objects = await listObjectDefinitions(db, tenant);
  return [
    ...objects.map((definition) => ({
      key: definition.key,
      kind: 'object' as const,
      label: definition.label,
    })),
    ...REPORT_TYPES.map((key) => ({ key, kind: 'report' as const, label: null })),
  ];
}

/** `2026-11-24` in UTC: the date prefix of a report's document. */
const datePrefix = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A generated document's download name: `{date}_{template}` for a report (spec 001 section 9:
 * "named with a date prefix for the report type"), `{template} {record id}` for a record.
 */
function documentName(templateName: string, subject: DocumentSubject, type: DocumentType): string {
  const base = subject.isReport
    ? `${datePrefix(new Date())}_${templateName}`
    : `${templateName} ${subject.id}`;
  return downloadName(base, DOCUMENT_MEDIA_TYPE[type]);
}

/**
 * Fills a template for a process instance or a record (exactly one) and keeps the result for
 * its download. The template must be of the tenant, of the type asked for and of the
 * subject's scope (404 otherwise); the subject must be one the actor may see. The filling
 * itself waits in the bounded queue: when that is full the answer is 429 SERVER_TOO_BUSY.
 */
export async function generateDocument(
  context: DocumentContext,
  body: GenerateBody,
): Promise<GeneratedDocument> {
  const { db, actor } = context;
  const asked: [DocumentSubjectSource, string][] = [];
  if (body.processInstanceId !== undefined)
    asked.push([processInstanceSource, body.processInstanceId]);
  if (body.contentId !== undefined) asked.push([recordSource, body.contentId]);
  const [only, ...more] = asked;
  if (!only || more.length > 0) {
    throw new AppError(400, ErrorCode.validation, 'Name a processInstanceId or a contentId.', {
      details: [{ path: '/processInstanceId', code: 'document.subjectRequired' }],
    });
  }
  const template = await db
    .selectFrom('document_templates')
    .select(['id', 'name', 'scope', 'document_type', 'content'])
    .where('tenant', '=', actor.tenant)
    .where('id', '=', body.templateId)
    .executeTakeFirst();
  if (!template || template.document_type !== body.documentType) {
    throw notFound('There is no such template.');
  }
  requireScopeAccess(actor, template.scope);
  const [source, subjectId] = only;
  const subject = await source.load({ db, engine: context.engine, actor }, subjectId);
  if (subject.scope !== template.scope) throw notFound('This template is not for this subject.');

  const limits = context.config.fill ?? DEFAULT_FILL_LIMITS;
  let content: Buffer;
  try {
    // The queue bounds the threads (and so the cores and heaps) filling at once.
    const filled = await context.queue.run(() =>
      runTemplateJob(
        () =>
          runInWorker(
            {
              job: 'fillTemplate',
              input: {
                content: template.content,
                documentType: template.document_type,
                values: subject.values,
              },
            },
            limits,
          ),
        limits,
      ),
    );
    content = Buffer.from(filled.buffer, filled.byteOffset, filled.byteLength);
  } catch (error) {
    if (error instanceof QueueFullError) {
      throw new AppError(429, ErrorCode.serverTooBusy, 'The server is busy; try again shortly.', {
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      });
    }
    throw error;
  }
  const id = randomUUID();
  const fileName = documentName(template.name, subject, template.document_type);
  await db
    .insertInto('generated_documents')
    .values({
      id,
      tenant: actor.tenant,
      subject_id: subject.id,
      template_id: template.id,
      document_type: template.document_type,
      file_name: fileName,
      content,
      created_by: actor.userId,
    })
    .execute();
  return {
    processInstanceId: subject.id,
    contentId: id,
    requiredFileFormat: DOCUMENT_FORMAT[template.document_type],
    fileName,
  };
}

/**
 * A generated document's bytes for the one who generated it: the path's subject, the id and
 * the format must all be the document's own (404 otherwise, never a hint that it exists).
 */
export async function readGeneratedDocument(
  db: Kysely<DatabaseSchema>,
  actor: RequestActor,
  subjectId: string,
  contentId: string,
  format: string,
): Promise<{ fileName: string; mediaType: MediaType; content: Buffer }> {
  const row = await db
    .selectFrom('generated_documents')
    .select(['file_name', 'document_type', 'content'])
    .where('tenant', '=', actor.tenant)
    .where('id', '=', contentId)
    .where('subject_id', '=', subjectId)
    .where('created_by', '=', actor.userId)
    .executeTakeFirst();
  if (!row || DOCUMENT_FORMAT[row.document_type] !== format) {
    throw notFound('There is no such document.');
  }
  return {
    fileName: row.file_name,
    mediaType: DOCUMENT_MEDIA_TYPE[row.document_type],
    content: row.content,
  };
}

/** Removes generated documents older than `keepMinutes`; answers how many went. */
export async function sweepGeneratedDocuments(
  db: Kysely<DatabaseSchema>,
  keepMinutes: number,
): Promise<number> {
  const result = await db
    .deleteFrom('generated_documents')
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${keepMinutes})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A template an administrator sends: its scope, its name and the file. */
export interface NewTemplate {
  scope: string;
  name: string;
  content: Buffer;
}

/**
 * Adds a template (administrators only, checked by the route): the file must be a docx that
 * docxtemplater can fill or an xlsx SheetJS reads (422 TEMPLATE_INVALID with the reason);
 * its type follows from its content, never from its name. It is read on a job thread
 * within `limits` (a file past them is refused too). A scope may not hold two templates of
 * one name (409).
 */
export async function addTemplate(
  db: Kysely<DatabaseSchema>,
  actor: RequestActor,
  input: NewTemplate,
  limits: WorkerLimits = DEFAULT_FILL_LIMITS,
): Promise<DocumentTemplate> {
  const scope = input.scope.trim();
  const name = input.name.trim();
  if (!new RegExp(DOCUMENT_SCOPE_PATTERN).test(scope)) {
    throw new AppError(
      400,
      ErrorCode.validation,
      'The scope is not an object key or report type.',
      {
        details: [{ path: '/scope', code: 'document.template.badScope' }],
      },
    );
  }
  if (name.length === 0 || Array.from(name).length > TEMPLATE_NAME_MAX_LENGTH) {
    throw new AppError(
      400,
      ErrorCode.validation,
      'Give the template a name of 1 to 120 characters.',
      {
        details: [{ path: '/name', code: 'document.template.badName' }],
      },
    );
  }
  // Read on a thread of its own: a file that unpacks to gigabytes or parses for minutes
  // costs that thread, never the server's answers to everyone else.
  const kind = await runTemplateJob(
    () => runInWorker({ job: 'checkTemplate', input: { content: input.content } }, limits),
    limits,
  );
  const documentType: DocumentType = kind === 'docx' ? 'document' : 'sheet';
  const id = randomUUID();
  const inserted = await db
    .insertInto('document_templates')
    .values({
      id,
      tenant: actor.tenant,
      scope,
      name,
      document_type: documentType,
      content: input.content,
      created_by: actor.userId,
    })
    .onConflict((conflict) => conflict.columns(['tenant', 'scope', 'name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const refusal = templateRefused(TemplateRefusal.duplicateName, 'That name is taken here.');
    throw new AppError(409, ErrorCode.conflict, refusal.message, {
      details: refusal.details ?? [],
    });
  }
  return { id, name, scope, documentType };
}

/**
 * Removes a template of the tenant (administrators only); 404 for an unknown id, 409
 * `TEMPLATE_BUILT_IN` for one the installation brought (the seeded demo templates).
 */
export async function deleteTemplate(
  db: Kysely<DatabaseSchema>,
  actor: RequestActor,
  templateId: string,
): Promise<void> {
  const result = await db
    .deleteFrom('document_templates')
    .where('tenant', '=', actor.tenant)
    .where('id', '=', templateId)
    .where('created_by', '<>', SYSTEM_AUTHOR)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) return;
  const kept = await db
    .selectFrom('document_templates')
    .select('id')
    .where('tenant', '=', actor.tenant)
    .where('id', '=', templateId)
    .executeTakeFirst();
  if (!kept) throw notFound('There is no such template.');
  throw new AppError(
    409,
    ErrorCode.templateBuiltIn,
    'This template came with the installation and cannot be removed.',
  );
}
