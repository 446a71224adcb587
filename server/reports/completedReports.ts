import { sql, type Kysely, type SqlBool } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type {
  LoanApplicationDetails,
  ReportInstance,
  ReportPerson,
  ReportTask,
  ReportTaskForm,
  ReportType,
} from '../../schemas/api/reports';
import type { NormalizedField, NormalizedForm } from '../../schemas/forms';
import { FIELD_CATALOG } from '../../plugins/catalog';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import type { CompiledForm, CompiledPart } from '../forms/compileStoredForm';
import { formRepositoryFor } from '../forms/formRepository';
import { loadDictionarySet } from '../dictionaries';
import {
  bindDictionaryOptions,
  type DictionarySet,
} from '../../src/core/forms/fields/dictionaries';
import { pickPartValues } from '../forms/taskFormValues';
import { isLanguage, pickDisplayName, type Language } from '../engine/displayNames';
import { withdrawnInstance } from '../workflow/processQueries';
import { loanApplicationDetails } from './loanApplicationDetails';
import { LOAN_APPLICATION_STEPS, processKeysOf } from './reportTypes';

/** Who asks, within which tenant, in which language. */
export interface ReportReader {
  readonly tenant: string;
  readonly language: string;
}

/** The reader's language when it is an interface language; English otherwise. */
function readerLanguage(reader: ReportReader): Language {
  return isLanguage(reader.language) ? reader.language : 'en';
}

/** A completed instance's row, before its people and details are filled in. */
interface InstanceRow {
  id: string;
  name: string;
  /** The case's name per language once its data is known. */
  displayNames: Readonly<Record<string, string>> | null;
  businessKey: string | null;
  key: string;
  definitionName: string;
  startedAt: Date;
  endedAt: Date;
  startedBy: string;
  variables: Record<string, unknown>;
  sequenceNumber: number;
}

/** A completed task's row. */
interface CompletedTaskRow {
  id: string;
  instanceId: string;
  elementId: string;
  name: string;
  displayNames: Readonly<Record<string, string>> | null;
  formKey: string | null;
  completedAt: Date;
  completedBy: string | null;
  variables: Record<string, unknown>;
}

/** Whether a report shows a field: its plugin says which types it leaves out (spec 001 section 2). */
export function shownInReports(field: Pick<NormalizedField, 'type'>): boolean {
  return !FIELD_CATALOG.rulesOf(field.type).hiddenInReports;
}

/** The tenant's full names of some users, by id. */
async function fullNames(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('tenant', '=', tenant)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
}

function person(names: ReadonlyMap<string, string>, userId: string): ReportPerson {
  return { id: userId, fullName: names.get(userId) || userId };
}

/** Where a page of a list starts: after the row that ended at `endedAt` (as text) with `id`. */
export interface ReportPageStart {
  readonly endedAt: string;
  readonly id: string;
}

/** The length of a cursor's end time, `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
const CURSOR_TIME_LENGTH = 27;

/** The cursor of the page after a row: its end to the microsecond and its id. */
function cursorOf(row: { pageKey: string; id: string }): string {
  return `${row.pageKey}_${row.id}`;
}

/** A cursor read back (its shape is checked by the route's schema). */
export function parseReportCursor(cursor: string): ReportPageStart {
  return {
    endedAt: cursor.slice(0, CURSOR_TIME_LENGTH),
    id: cursor.slice(CURSOR_TIME_LENGTH + 1),
  };
}

/**
 * The completed instances of the report's processes, as a query not yet ordered or paged.
 * Each carries its number among all instances of its process key by start (the loan
 * application's sequence number), counted over running ones too so it never moves.
 */
function completedInstancesQuery(db: Kysely<DatabaseSchema>, tenant: string, keys: string[]) {
  return (
    db
      .with('numbered', (qb) =>
        qb
          .selectFrom('process_instances as i')
          .innerJoin('process_definitions as d', (join) =>
            join.onRef('d.tenant', '=', 'i.tenant').onRef('d.id', '=', 'i.definition_id'),
          )
          .select([
            'i.id',
            'i.name',
            'i.display_names as displayNames',
            'i.business_key as businessKey',
            'd.key',
            'd.name as definitionName',
            'i.started_at as startedAt',
            'i.ended_at as endedAt',
            'i.started_by as startedBy',
            'i.variables',
            sql<string>`row_number() over (partition by d.key order by i.started_at, i.id)`.as(
              'sequenceNumber',
            ),
          ])
          .where('i.tenant', '=', tenant)
          .where('d.key', 'in', keys),
      )
      .selectFrom('numbered')
      .where('endedAt', 'is not', null)
      // A withdrawn case ended without being completed (docs/decisions.md).
      .where((eb) => eb.not(withdrawnInstance(tenant, eb.ref('numbered.id'))))
  );
}

/** Which completed rows to read: one instance, or a page of at most `limit` after `after`. */
type RowSelection =
  | { readonly instanceId: string }
  | { readonly limit: number; readonly after?: ReportPageStart | undefined };

/**
 * The completed instances of the report's processes, newest end first (the id, descending,
 * breaks ties so that a page ends at one exact place); one instance, or one page.
 */
async function completedInstanceRows(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  type: ReportType,
  selection: RowSelection,
): Promise<(InstanceRow & { pageKey: string })[]> {
  const keys = processKeysOf(type);
  if (keys.length === 0) return [];
  let query = completedInstancesQuery(db, tenant, keys)
    .selectAll()
    // The end as text to the microsecond: a JavaScript Date would round it to the millisecond
    // and the next page could then skip or repeat a row.
    .select(
      sql<string>`to_char(${sql.ref('endedAt')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'pageKey',
      ),
    );
  if ('instanceId' in selection) {
    query = query.where('id', '=', selection.instanceId);
  } else {
    const { after } = selection;
    if (after) {
      query = query.where(
        sql<SqlBool>`(${sql.ref('endedAt')}, ${sql.ref('id')}) < (${after.endedAt}::timestamptz, ${after.id})`,
      );
    }
    query = query.limit(selection.limit);
  }
  const rows = await query.orderBy('endedAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => ({
    ...row,
    endedAt: row.endedAt ?? row.startedAt,
    sequenceNumber: Number(row.sequenceNumber),
  }));
}

/** How many completed instances a report lists in all. */
async function countCompletedInstances(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  type: ReportType,
): Promise<number> {
  const keys = processKeysOf(type);
  if (keys.length === 0) return 0;
  const row = await completedInstancesQuery(db, tenant, keys)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The completed tasks of some instances, in the order they were completed. */
async function completedTaskRows(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  instanceIds: readonly string[],
): Promise<CompletedTaskRow[]> {
  if (instanceIds.length === 0) return [];
  const rows = await db
    .selectFrom('tasks')
    .select([
      'id',
      'instance_id as instanceId',
      'element_id as elementId',
      'name',
      'display_names as displayNames',
      'form_key as formKey',
      'completed_at as completedAt',
      'completed_by as completedBy',
      'variables',
    ])
    .where('tenant', '=', tenant)
    .where('instance_id', 'in', [...instanceIds])
    .where('state', '=', 'completed')
    .orderBy('completed_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, completedAt: row.completedAt ?? new Date(0) }));
}

/** Compiles each distinct form key once; a key that is not stored compiles to nothing. */
async function compiledForms(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  formKeys: readonly (string | null)[],
): Promise<Map<string, CompiledForm>> {
  const repository = formRepositoryFor(db);
  const compiled = new Map<string, CompiledForm>();
  for (const key of new Set(formKeys)) {
    if (key === null) continue;
    const form = await repository.compiled(tenant, key);
    if (form) compiled.set(key, form);
  }
  return compiled;
}

/** The application form's value fields, for its product labels and currency. */
function applicationFields(
  tasks: readonly CompletedTaskRow[],
  forms: ReadonlyMap<string, CompiledForm>,
): NormalizedField[] {
  const task = tasks.find(
    (candidate) => candidate.elementId === LOAN_APPLICATION_STEPS.application,
  );
  const form = task?.formKey ? forms.get(task.formKey) : undefined;
  return form?.parts.flatMap((part) => [...part.fields]) ?? [];
}

/** Builds the rows of a list or a detail: people, and a loan application's own columns. */
async function toReportInstances(
  db: Kysely<DatabaseSchema>,
  reader: ReportReader,
  type: ReportType,
  rows: readonly InstanceRow[],
  tasks: readonly CompletedTaskRow[],
  names: ReadonlyMap<string, string>,
  dictionaries: DictionarySet,
): Promise<ReportInstance[]> {
  let detailsOf: (row: InstanceRow) => LoanApplicationDetails | undefined = () => undefined;
  if (type === 'loanApplication') {
    const forms = await compiledForms(
      db,
      reader.tenant,
      tasks
        .filter((task) => task.elementId === LOAN_APPLICATION_STEPS.application)
        .map((task) => task.formKey),
    );
    const byInstance = new Map<string, CompletedTaskRow[]>();
    for (const task of tasks) {
      byInstance.set(task.instanceId, [...(byInstance.get(task.instanceId) ?? []), task]);
    }
    detailsOf = (row) => {
      const own = byInstance.get(row.id) ?? [];
      const last = (elementId: string) =>
        own.findLast((task) => task.elementId === elementId)?.completedBy ?? null;
      const officer = last(LOAN_APPLICATION_STEPS.application) ?? row.startedBy;
      const reviewer = last(LOAN_APPLICATION_STEPS.review);
      return loanApplicationDetails({
        sequenceNumber: row.sequenceNumber,
        variables: row.variables,
        officerName: person(names, officer).fullName,
        reviewerName: reviewer === null ? '' : person(names, reviewer).fullName,
        applicationFields: applicationFields(own, forms),
        dictionaries,
        language: reader.language,
      });
    };
  }
  return rows.map((row) => {
    const details = detailsOf(row);
    return {
      id: row.id,
      name: pickDisplayName(row.displayNames, row.name, readerLanguage(reader)),
      businessKey: row.businessKey,
      processDefinitionKey: row.key,
      processDefinitionName: row.definitionName,
      status: 'Completed' as const,
      started: row.startedAt.toISOString(),
      ended: row.endedAt.toISOString(),
      startedBy: person(names, row.startedBy),
      ...(details ? { loanApplicationDetails: details } : {}),
    };
  });
}

/** One page of a report list, with the list's size and where the next page starts. */
export interface CompletedInstancePage {
  readonly rows: ReportInstance[];
  readonly totalElements: number;
  /** The cursor of the next page; null when this page is the last. */
  readonly next: string | null;
}

/**
 * The report list of `/report/{type}` (spec 001 section 2): the completed instances of the
 * type's processes in the reader's tenant, newest end first, a page of at most `size` rows
 * (the spec's high-size query is 4000) after `after`; a loan application also with its
 * loanApplicationDetails columns.
 */
export async function listCompletedInstances(
  db: Kysely<DatabaseSchema>,
  reader: ReportReader,
  type: ReportType,
  page: { readonly size: number; readonly after?: ReportPageStart | undefined },
): Promise<CompletedInstancePage> {
  // One row past the page tells whether another page follows.
  const [fetched, totalElements] = await Promise.all([
    completedInstanceRows(db, reader.tenant, type, { limit: page.size + 1, after: page.after }),
    countCompletedInstances(db, reader.tenant, type),
  ]);
  const rows = fetched.slice(0, page.size);
  const last = rows.at(-1);
  const next = fetched.length > page.size && last ? cursorOf(last) : null;
  const tasks =
    type === 'loanApplication'
      ? await completedTaskRows(
          db,
          reader.tenant,
          rows.map((row) => row.id),
        )
      : [];
  const names = await fullNames(db, reader.tenant, [
    ...rows.map((row) => row.startedBy),
    ...tasks.flatMap((task) => (task.completedBy === null ? [] : [task.completedBy])),
  ]);
  const dictionaries =
    type === 'loanApplication' ? await loadDictionarySet(db, reader.tenant) : new Map();
  return {
    rows: await toReportInstances(db, reader, type, rows, tasks, names, dictionaries),
    totalElements,
    next,
  };
}

/** A form without the fields reports leave out, and without sections left empty by that. */
function withoutHiddenFields(form: NormalizedForm): NormalizedForm {
  const sections = form.sections
    .map((section) => ({
      ...section,
      fields: section.fields.filter(shownInReports),
    }))
    .filter((section) => section.fields.length > 0);
  const kept = new Set(sections.map((section) => section.id));
  return {
    ...form,
    sections,
    outcomes: [],
    ...(form.parts
      ? {
          parts: form.parts.map((part) => ({
            ...part,
            sectionIds: part.sectionIds.filter((id) => kept.has(id)),
            outcomes: [],
          })),
        }
      : {}),
  };
}

/**
 * The forms a completed task shows: each of its form's parts (one for a plain or designer
 * form) with the values the form held when it was completed, which are the instance's
 * variables overlaid by what the task submitted, as the task page fills a form.
 */
function taskForms(
  task: CompletedTaskRow,
  compiled: CompiledForm | undefined,
  processVariables: Readonly<Record<string, unknown>>,
  dictionaries: DictionarySet,
): ReportTaskForm[] {
  if (!compiled) return [];
  const current = { ...processVariables, ...task.variables };
  const combined = compiled.stored.kind === 'combined';
  return compiled.parts
    .filter((part: CompiledPart) => part.resolved)
    .map((part) => ({
      formId: part.formId,
      title: combined ? part.form.name : null,
      form: withoutHiddenFields(bindDictionaryOptions(part.form, dictionaries)),
      // Only the shown fields' values: a hidden field's (a password's) never leaves.
      values: pickPartValues(current, [{ ...part, fields: part.fields.filter(shownInReports) }]),
    }))
    .filter((entry) => entry.form.sections.length > 0);
}

/** One completed instance's report, with the dictionaries its choices are labelled from. */
export interface CompletedInstanceReport {
  readonly instance: ReportInstance;
  readonly tasks: ReportTask[];
  readonly dictionaries: DictionarySet;
}

/**
 * One completed instance's report (`/report/{type}/{detailId}`): its row as the list has it
 * and its completed tasks, oldest first, each with its forms' fields and values. 404 when
 * the instance is not a completed one of the type in the reader's tenant.
 */
export async function loadCompletedInstance(
  db: Kysely<DatabaseSchema>,
  reader: ReportReader,
  type: ReportType,
  instanceId: string,
): Promise<CompletedInstanceReport> {
  const [row] = await completedInstanceRows(db, reader.tenant, type, { instanceId });
  if (!row) {
    throw new AppError(404, ErrorCode.notFound, 'There is no such completed instance.');
  }
  const tasks = await completedTaskRows(db, reader.tenant, [row.id]);
  const names = await fullNames(db, reader.tenant, [
    row.startedBy,
    ...tasks.flatMap((task) => (task.completedBy === null ? [] : [task.completedBy])),
  ]);
  const dictionaries = await loadDictionarySet(db, reader.tenant);
  const [instance] = await toReportInstances(db, reader, type, [row], tasks, names, dictionaries);
  if (!instance) throw new Error('A report row was lost.');
  const forms = await compiledForms(
    db,
    reader.tenant,
    tasks.map((task) => task.formKey),
  );
  return {
    instance,
    tasks: tasks.map((task) => ({
      id: task.id,
      name: pickDisplayName(task.displayNames, task.name, readerLanguage(reader)),
      completedAt: task.completedAt.toISOString(),
      completedBy: task.completedBy === null ? null : person(names, task.completedBy),
      forms: taskForms(
        task,
        task.formKey ? forms.get(task.formKey) : undefined,
        row.variables,
        dictionaries,
      ),
    })),
    dictionaries,
  };
}
