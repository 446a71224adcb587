import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { Privilege } from '../../schemas/api/identity';
import type { ObjectDefinition } from '../../schemas/api/records';
import { SUPPORTED_LOCALES } from '../../schemas/forms/formConstants';
import { labelOf, type DictionarySet } from '../../src/core/forms/fields/dictionaries';
import type { DatabaseSchema } from '../db/schema';
import { loadDictionarySet } from '../dictionaries/dictionaryRepository';
import type { ProcessEngine } from '../engine';
import {
  pickDisplayName,
  PLAIN_DISPLAY,
  type Language,
  type ValueDisplay,
  type ValueFormat,
} from '../engine/displayNames';
import { loadValueDisplay } from '../engine/valueDisplay';
import { AppError } from '../errors';
import type { RequestActor } from '../fastify/session';
import { projectPath } from '../paths';
import { requireObjectDefinition } from '../records/objectDefinitions';
import { loadInstanceDetail } from '../workflow/processQueries';
import { readableValues } from './readableValues';
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

/** A moment as ISO text, which the readable values write as `DD MMM YYYY HH:mm` (UTC). */
function moment(date: Date | null): string {
  return date ? date.toISOString() : '';
}

const statusWords = new Map<Language, Readonly<Record<string, string>>>();

/** An instance's status (`Completed`) in the reader's language, as its page names it. */
function statusIn(status: string, language: Language): string {
  let words = statusWords.get(language);
  if (!words) {
    const file = join(projectPath('locales'), language, 'process.json');
    const read = JSON.parse(readFileSync(file, 'utf8')) as {
      instance?: { statusValue?: Record<string, string> };
    };
    words = read.instance?.statusValue ?? {};
    statusWords.set(language, words);
  }
  return words[status] ?? status;
}

/** What a process's variables mean, from the forms of the definition the instance runs. */
async function processDisplay(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  definitionId: string,
): Promise<ValueDisplay> {
  const row = await db
    .selectFrom('process_definitions')
    .select('model')
    .where('tenant', '=', tenant)
    .where('id', '=', definitionId)
    .executeTakeFirst();
  return row ? loadValueDisplay(db, tenant, row.model) : PLAIN_DISPLAY;
}

/** What a record's fields mean: a dictionary field's codes by their labels in every language. */
function recordDisplay(
  definition: Pick<ObjectDefinition, 'fields'>,
  dictionaries: DictionarySet,
): ValueDisplay {
  const formats = new Map<string, ValueFormat>();
  for (const field of definition.fields) {
    const dictionary =
      field.dictionary === undefined ? undefined : dictionaries.get(field.dictionary);
    if (!dictionary) continue;
    const labels = new Map(
      dictionary.entries.map((entry) => [
        entry.code,
        Object.fromEntries(
          SUPPORTED_LOCALES.map((language) => [
            language,
            labelOf(dictionary, entry.code, language),
          ]),
        ) as Record<Language, string>,
      ]),
    );
    formats.set(field.key, { labels });
  }
  return { formatOf: (key) => formats.get(key) };
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
 * `processInstanceId`, `processInstanceName` (the case's name in the reader's language),
 * `processDefinitionName`, `businessKey`, `startedBy`, `startedAt`, `endedAt`, `status`,
 * `generatedAt`, and `tasks`, one item per completed task (`taskName`, `completedBy`,
 * `completedAt`, `outcome`, and its values), for loops. Every value reads as the screens
 * write it in the reader's language, the process's forms saying what each variable means
 * (readableValues.ts); `{name_raw}` holds the stored value. Visibility is the instance
 * page's: 404 for another tenant's id, 403 when not theirs.
 */
export const processInstanceSource: DocumentSubjectSource = {
  async load({ db, engine, actor }, id) {
    const language = actor.language ?? 'en';
    const detail = await loadInstanceDetail(db, engine, actor, id);
    const [instance, completed] = await Promise.all([
      engine.getInstance(actor.tenant, id),
      engine.listInstanceTasks(actor.tenant, id, { completed: true }),
    ]);
    const done = [...completed].sort(
      (a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0),
    );
    const [names, display] = await Promise.all([
      namesOf(
        db,
        actor.tenant,
        done.flatMap((task) => (task.completedBy ? [task.completedBy] : [])),
      ),
      processDisplay(db, actor.tenant, instance.definitionId),
    ]);
    const taskValues = Object.assign({}, ...done.map((task) => task.variables)) as object;
    const stored = toTemplateValues({
      ...instance.variables,
      ...taskValues,
      processInstanceId: instance.id,
      processInstanceName: detail.name,
      processDefinitionName: instance.definitionName,
      businessKey: instance.businessKey ?? '',
      startedBy: detail.startedBy.fullName || detail.startedBy.email,
      startedAt: moment(instance.startedAt),
      endedAt: moment(instance.endedAt),
      status: detail.status,
      generatedAt: moment(new Date()),
      tasks: done.map((task) => ({
        ...task.variables,
        taskName: pickDisplayName(task.displayNames, task.name, language),
        completedBy: task.completedBy ? (names.get(task.completedBy) ?? task.completedBy) : '',
        completedAt: moment(task.completedAt),
        outcome: task.outcome ?? '',
      })),
    });
    const values = readableValues(stored, language, display);
    values.status = statusIn(detail.status, language);
    return { id: instance.id, scope: detail.type, values, isReport: true };
  },
};

/**
 * A record's values (contentId = the record's id): its data, then `recordId`, `objectKey`,
 * `objectVersion`, `dataVersion`, `createdAt`, `updatedAt` and `generatedAt`, readable as
 * the process's are, a dictionary field's code by its label from the object definition
 * (`{name_raw}` holds the stored value). Records are back-office data: access-bo is
 * required (403), and the record must be the tenant's (404).
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
    const definition = await requireObjectDefinition(db, actor.tenant, row.key, row.version);
    const named = definition.fields.some((field) => field.dictionary !== undefined);
    const display = recordDisplay(
      definition,
      named ? await loadDictionarySet(db, actor.tenant) : new Map(),
    );
    const stored = toTemplateValues({
      ...row.data,
      recordId: row.id,
      objectKey: row.key,
      objectVersion: row.version,
      dataVersion: row.data_version,
      createdAt: moment(row.created_at),
      updatedAt: moment(row.updated_at),
      generatedAt: moment(new Date()),
    });
    const values = readableValues(stored, actor.language ?? 'en', display);
    return { id: row.id, scope: row.key, values, isReport: false };
  },
};
