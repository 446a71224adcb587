import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { Privilege } from '../../schemas/api/identity';
import type { DatabaseSchema } from '../db/schema';
import type { ProcessEngine } from '../engine';
import { AppError } from '../errors';
import type { RequestActor } from '../fastify/session';
import { loadInstanceDetail } from '../workflow/processQueries';
import { toTemplateValues, type TemplateValues } from './templateValues';

/** What a document is made for, as a source of values has found it for the actor. */
export interface DocumentSubject {
  /** The process instance's or record's id: the download's path names it. */
  id: string;
  /** The template scope it belongs to: the instance's report type, the record's object key. */
  scope: string | null;
  /** The values its templates are filled with. */
  values: TemplateValues;
  /** Whether its documents are reports, named with a date prefix (spec 001 section 9). */
  isReport: boolean;
}

/** What every source may use. */
export interface SubjectContext {
  db: Kysely<DatabaseSchema>;
  engine: ProcessEngine;
  actor: RequestActor;
}

/**
 * Where a document's values come from: one source per kind of subject (a process instance,
 * a record). A source answers the subject for the actor, refusing one they may not see
 * (403) or that their tenant has not (404), as the subject's own pages do.
 */
export interface DocumentSubjectSource {
  load(context: SubjectContext, id: string): Promise<DocumentSubject>;
}

/** A moment as `YYYY-MM-DD HH:mm` (UTC), the way the demo templates print dates. */
function moment(date: Date | null): string {
  return date ? date.toISOString().slice(0, 16).replace('T', ' ') : '';
}

/** Full names of some users of the tenant, by id; unknown ids keep the id. */
async function namesOf(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map(ids.map((id) => [id, id]));
  if (ids.length === 0) return names;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('tenant', '=', tenant)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) names.set(row.id, `${row.first_name} ${row.last_name}`.trim());
  return names;
}

/**
 * A process instance's values: its variables, then the values of its completed tasks in the
 * order they were completed (a later task's value wins), then what the instance is:
 * `processInstanceId`, `processInstanceName`, `processDefinitionName`, `startedBy`,
 * `startedAt`, `endedAt`, `status`, `generatedAt`, and `tasks`, one item per completed
 * task (`taskName`, `completedBy`, `completedAt`, `outcome`, and its values), for loops.
 * Visibility is the instance page's: 404 for another tenant's id, 403 when not theirs.
 */
export const processInstanceSource: DocumentSubjectSource = {
  async load({ db, engine, actor }, id) {
    const detail = await loadInstanceDetail(db, engine, actor, id);
    const [instance, completed] = await Promise.all([
      engine.getInstance(actor.tenant, id),
      engine.listInstanceTasks(actor.tenant, id, { completed: true }),
    ]);
    const done = [...completed].sort(
      (a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0),
    );
    const names = await namesOf(
      db,
      actor.tenant,
      done.flatMap((task) => (task.completedBy ? [task.completedBy] : [])),
    );
    const taskValues = Object.assign({}, ...done.map((task) => task.variables)) as object;
    const values = toTemplateValues({
      ...instance.variables,
      ...taskValues,
      processInstanceId: instance.id,
      processInstanceName: instance.name,
      processDefinitionName: instance.definitionName,
      startedBy: detail.startedBy.fullName || detail.startedBy.email,
      startedAt: moment(instance.startedAt),
      endedAt: moment(instance.endedAt),
      status: instance.endedAt ? 'Completed' : 'On-going',
      generatedAt: moment(new Date()),
      tasks: done.map((task) => ({
        ...task.variables,
        taskName: task.name,
        completedBy: task.completedBy ? (names.get(task.completedBy) ?? task.completedBy) : '',
        completedAt: moment(task.completedAt),
        outcome: task.outcome ?? '',
      })),
    });
    return { id: instance.id, scope: detail.type, values, isReport: true };
  },
};

/**
 * A record's values (contentId = the record's id): its data, then `recordId`, `objectKey`,
 * `objectVersion`, `dataVersion`, `createdAt`, `updatedAt` and `generatedAt`. Records are
 * back-office data: access-bo is required (403), and the record must be the tenant's (404).
 */
export const recordSource: DocumentSubjectSource = {
  async load({ db, actor }, id) {
    if (!actor.privileges.includes(Privilege.accessBo)) {
      throw new AppError(403, ErrorCode.insufficientPrivileges, 'This needs access-bo.');
    }
    const row = await db
      .selectFrom('object_records')
      .select(['id', 'key', 'version', 'data_version', 'data', 'created_at', 'updated_at'])
      .where('tenant', '=', actor.tenant)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError(404, ErrorCode.notFound, 'There is no such record.');
    const values = toTemplateValues({
      ...row.data,
      recordId: row.id,
      objectKey: row.key,
      objectVersion: row.version,
      dataVersion: row.data_version,
      createdAt: moment(row.created_at),
      updatedAt: moment(row.updated_at),
      generatedAt: moment(new Date()),
    });
    return { id: row.id, scope: row.key, values, isReport: false };
  },
};
