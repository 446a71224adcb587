import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type {
  SortOrder,
  TaskDateType,
  TaskListAnswer,
  TaskQueryBody,
  TaskSortParam,
} from '../../schemas/api/tasks';
import { SORT_PARAMS_OF_TYPE, TaskAssignment } from '../../schemas/api/tasks';
import { PREPARED_STATEMENT } from '../db/preparingClient';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import { loadTeam, type TaskActor } from '../policies/taskActor';
import { candidateTaskCondition } from '../policies/taskPolicy';
import type { Language } from '../engine/displayNames';
import { groupNameIn } from '../identity/directory';
import { collated } from '../db/textCollation';
import { dateWindows, dayRange, type DateWindows } from './dateWindows';
import { taskTemplatesOf, templatesMatching } from './taskNameTemplates';
import {
  toTaskRow,
  withRowColumns,
  type TaskRowRecord,
  type TaskScopeDb,
  type TaskScopeQuery,
} from './taskRows';

/** The three dashboard lists. */
export type TaskListKind = 'assigned' | 'candidate' | 'team';

/** The `assignment` value that belongs to each list. */
const ASSIGNMENT_OF: Record<TaskListKind, TaskAssignment> = {
  assigned: TaskAssignment.involved,
  candidate: TaskAssignment.candidate,
  team: TaskAssignment.team,
};

type Scope = ExpressionBuilder<TaskScopeDb, 't'>;
type Condition = (eb: Scope) => Expression<SqlBool>;

/** The request after its parts were checked against each other and resolved. */
interface ResolvedQuery {
  /** Filters other than the quick filter: due date, task name, assignee. */
  readonly filters: Condition[];
  /** The chosen quick filter, split into its two parts. */
  readonly onlyNew: boolean;
  readonly dateType: TaskDateType | undefined;
  readonly sort: readonly { param: TaskSortParam; order: SortOrder }[];
}

/** A 400 about one field of the query body. */
function invalid(path: string, code: string, message: string): AppError {
  return new AppError(400, ErrorCode.validation, message, {
    details: [{ path: `body.${path}`, code }],
  });
}

/** Escapes LIKE wildcards so a search for `50%` finds the text `50%`. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The task-name search: the stored name (English), the name as rendered for the reader's
 * language, or a task whose template in that language says the searched words
 * (`Approuver` finds `Approve loan of 1,000 for Ana Ruiz` for a French reader). A filter
 * on the rows of the list's own index range, so the list keeps its plan; the template
 * check is one primary-key probe of the task's definition.
 */
function nameCondition(name: string, language: Language | undefined): Condition {
  const pattern = likePattern(name);
  const templates = templatesMatching(taskTemplatesOf(language), name);
  return (eb) => {
    const matches = [
      eb('t.name', 'ilike', pattern),
      eb(sql<string>`t.display_names ->> ${language ?? 'en'}`, 'ilike', pattern),
    ];
    if (templates.length > 0) {
      matches.push(
        eb.exists(
          eb
            .selectFrom('process_definitions as d')
            .select(sql.lit(1).as('one'))
            .whereRef('d.tenant', '=', 't.tenant')
            .whereRef('d.id', '=', 't.definition_id')
            .where(sql<boolean>`d.key || '/' || t.element_id = any(${templates})`),
        ),
      );
    }
    return eb.or(matches);
  };
}

/**
 * Checks the parts of a query body against each other and turns them into conditions:
 * the list's own `assignment`, `assignee` only on the team list, one date window at most,
 * and a real calendar day for `dueDate`. The task name is searched in `language` too.
 */
function resolveQuery(
  kind: TaskListKind,
  body: TaskQueryBody,
  language: Language | undefined,
): ResolvedQuery {
  if (body.assignment !== undefined && body.assignment !== ASSIGNMENT_OF[kind]) {
    throw invalid(
      'assignment',
      'mismatch',
      `The ${kind} list takes assignment ${ASSIGNMENT_OF[kind]}.`,
    );
  }
  const params = body.filterParams ?? {};
  const filters: Condition[] = [];
  if (params.dueDate !== undefined) {
    const range = dayRange(params.dueDate);
    if (!range) throw invalid('filterParams.dueDate', 'format', 'dueDate is not a real day.');
    filters.push((eb) =>
      eb.and([eb('t.due_date', '>=', range.start), eb('t.due_date', '<', range.end)]),
    );
  }
  const name = params.taskName?.trim();
  if (name) filters.push(nameCondition(name, language));
  if (params.assignee !== undefined) {
    if (kind !== 'team') {
      throw invalid(
        'filterParams.assignee',
        'teamOnly',
        'The assignee filter belongs to the team list.',
      );
    }
    const assignee = params.assignee;
    filters.push((eb) => eb('t.assignee', '=', assignee));
  }
  // Quick filter: the badge and the filter parameters must not say different things.
  const quick = body.quickFilterType;
  const onlyNew = body.filterNew === true || params.status === 'NEW' || quick === 'NEW';
  const quickDate =
    quick === 'TODAY' || quick === 'WEEK' || quick === 'OVERDUE' ? quick : undefined;
  if (quickDate !== undefined && params.dateType !== undefined && params.dateType !== quickDate) {
    throw invalid('filterParams.dateType', 'mismatch', 'dateType and quickFilterType disagree.');
  }
  // A column sorted twice means nothing, and each such list would be one more statement shape.
  const sortedColumns = new Set((body.sortParams ?? []).map((entry) => entry.param));
  if (body.sortParams && sortedColumns.size < body.sortParams.length) {
    throw invalid('sortParams', 'duplicate', 'A column may be sorted by once only.');
  }
  const sort =
    body.sortParams && body.sortParams.length > 0
      ? body.sortParams
      : [SORT_PARAMS_OF_TYPE[body.sortType ?? 'DUE_DATE_ASC']];
  return { filters, onlyNew, dateType: params.dateType ?? quickDate, sort };
}

/** NEW: assigned and not yet opened by the assignee (unassigned tasks are never new). */
const isNew: Condition = (eb) =>
  eb.and([eb('t.assignee', 'is not', null), eb('t.seen_by_assignee', '=', false)]);

/** The date window of TODAY, WEEK or OVERDUE (see {@link dateWindows}). */
function inWindow(dateType: TaskDateType, windows: DateWindows): Condition {
  switch (dateType) {
    case 'TODAY':
      return (eb) =>
        eb.and([
          eb('t.due_date', '>=', windows.todayStart),
          eb('t.due_date', '<', windows.tomorrowStart),
        ]);
    case 'WEEK':
      return (eb) =>
        eb.and([
          eb('t.due_date', '>=', windows.todayStart),
          eb('t.due_date', '<', windows.weekEnd),
        ]);
    case 'OVERDUE':
      return (eb) => eb('t.due_date', '<', windows.todayStart);
  }
}

const all =
  (conditions: readonly Condition[]): Condition =>
  (eb) =>
    eb.and(conditions.map((condition) => condition(eb)));

/**
 * The list itself, before any filter. Each is a range of one index: assigned and team walk
 * `tasks_assignee_idx` for one or a few assignees; candidate collects task ids from
 * `task_candidates_principal_idx` (the user, the user's groups) and from the instances the
 * user started, then probes tasks by primary key, leaving out those the task policy's
 * segregation of duties keeps from the user.
 */
function listScope(kind: TaskListKind, actor: TaskActor, team: readonly string[]): Condition {
  const { tenant, userId } = actor;
  switch (kind) {
    case 'assigned':
      return (eb) =>
        eb.and([
          eb('t.tenant', '=', tenant),
          eb('t.assignee', '=', userId),
          eb('t.state', '=', 'open'),
        ]);
    case 'team':
      return (eb) =>
        eb.and([
          eb('t.tenant', '=', tenant),
          eb('t.assignee', 'in', team),
          eb('t.state', '=', 'open'),
        ]);
    case 'candidate':
      return (eb) =>
        eb.and([
          eb('t.tenant', '=', tenant),
          candidateTaskCondition(
            { id: eb.ref('t.id'), state: eb.ref('t.state'), assignee: eb.ref('t.assignee') },
            { tenant, user: userId },
          ),
        ]);
  }
}

/**
 * The sort key of a column: text in the reader's language's collation (accents beside their
 * letter, case only breaking ties), a task's name as the reader reads it.
 */
function sortExpression(param: TaskSortParam, language: Language | undefined) {
  switch (param) {
    case 'dueDate':
      return sql`t.due_date`;
    case 'createTime':
      return sql`t.created_at`;
    case 'name':
      return collated(
        // The language as a literal: the select list and the order then hold one expression.
        sql`coalesce(nullif(t.display_names ->> ${sql.lit(language ?? 'en')}, ''), t.name)`,
        language,
      );
    case 'iu.displayName':
      return collated(sql`iu.first_name || ' ' || iu.last_name`, language);
    case 'pd.name':
      return collated(sql`pd.name`, language);
  }
}

/** One row of the list statement: the counters, and a page row or, for an empty page, nulls. */
type ListRecord = {
  head: number;
  all: number;
  new: number;
  today: number;
  week: number;
  overdue: number;
  count: number;
  candidates: string[];
} & (TaskRowRecord | { [K in keyof TaskRowRecord]: null });

/**
 * Display names of the candidates of `page.id`, groups in the reader's language, through the
 * candidates' primary key.
 */
function candidateNamesOf(tenant: string, language: Language | undefined) {
  return sql<string[]>`(
    select coalesce(json_agg(coalesce(${groupNameIn('g', language)}, u.first_name || ' ' || u.last_name, c.principal)
      order by c.kind, c.principal), '[]'::json)
    from task_candidates c
    left join groups g on g.tenant = c.tenant and g.id = c.principal and c.kind = 'group'
    left join users u on u.tenant = c.tenant and u.id = c.principal and c.kind = 'user'
    where c.tenant = ${tenant} and c.task_id = page.id)`;
}

/** What one list call needs besides the body. */
export interface TaskListRequest {
  readonly kind: TaskListKind;
  readonly actor: TaskActor;
  readonly body: TaskQueryBody;
  /** The server's clock; the quick-filter windows are cut from it. */
  readonly now: Date;
}

/**
 * One page of a dashboard list with its counters (see `TaskListAnswer`), in one statement:
 * the counters in a single pass over the list with `count(*) FILTER (...)`, the page in the
 * requested order, and the candidates of the page's rows by primary key.
 */
export async function queryTaskList(
  db: Kysely<DatabaseSchema>,
  request: TaskListRequest,
): Promise<TaskListAnswer> {
  const { kind, actor, body, now } = request;
  const resolved = resolveQuery(kind, body, actor.language);
  const empty: TaskListAnswer = {
    content: [],
    totalHeadCount: 0,
    totalCount: 0,
    totalAll: 0,
    totalNew: 0,
    totalToday: 0,
    totalThisWeek: 0,
    totalOverdue: 0,
    page: body.page,
    size: body.size,
  };
  const team = kind === 'team' ? await loadTeam(db, actor) : [];
  if (kind === 'team' && team.length === 0) return empty;

  // 1. Conditions: the list, the other filters, the chosen quick filter.
  const windows = dateWindows(now);
  const scope = listScope(kind, actor, team);
  const filtered = all(resolved.filters);
  const quick: Condition[] = [];
  if (resolved.onlyNew) quick.push(isNew);
  if (resolved.dateType !== undefined) quick.push(inWindow(resolved.dateType, windows));
  const chosen = all([...resolved.filters, ...quick]);
  const base = (): TaskScopeQuery => db.selectFrom('tasks as t').where(scope);

  // 2. Counters, one pass: each badge is the filtered list under its own quick filter.
  const countersQuery = base().select((eb) => [
    eb.fn.countAll<number>().as('head'),
    eb.fn.countAll<number>().filterWhere(filtered(eb)).as('all'),
    eb.fn
      .countAll<number>()
      .filterWhere(all([filtered, isNew])(eb))
      .as('new'),
    eb.fn
      .countAll<number>()
      .filterWhere(all([filtered, inWindow('TODAY', windows)])(eb))
      .as('today'),
    eb.fn
      .countAll<number>()
      .filterWhere(all([filtered, inWindow('WEEK', windows)])(eb))
      .as('week'),
    eb.fn
      .countAll<number>()
      .filterWhere(all([filtered, inWindow('OVERDUE', windows)])(eb))
      .as('overdue'),
    eb.fn.countAll<number>().filterWhere(chosen(eb)).as('count'),
  ]);

  // 3. The page, in the requested order; the id breaks ties so pages never overlap. The
  //    sort keys travel along so the outer query can keep the order.
  let pageQuery = withRowColumns(base().where(chosen), actor).select(
    resolved.sort.map(({ param }, index) =>
      sortExpression(param, actor.language).as(`sort${index}`),
    ),
  );
  const outerOrder = [];
  for (const [index, { param, order }] of resolved.sort.entries()) {
    const direction = order === 'ASC' ? sql.raw('asc') : sql.raw('desc');
    pageQuery = pageQuery.orderBy(
      sql`${sortExpression(param, actor.language)} ${direction} nulls last`,
    );
    outerOrder.push(sql`${sql.ref(`page.sort${index}`)} ${direction} nulls last`);
  }
  pageQuery = pageQuery
    .orderBy('t.id')
    .limit(body.size)
    .offset(body.page * body.size);

  // 4. One statement: the counters row joined to the page's rows (or to none), each row with
  //    its candidates, which are looked up for the page's rows only.
  const { rows } = await sql<ListRecord>`${sql.raw(PREPARED_STATEMENT)}
    with counters as (${countersQuery}), page as (${pageQuery})
    select counters.*, page.*, ${candidateNamesOf(actor.tenant, actor.language)} as candidates
    from counters left join page on true
    order by ${sql.join([...outerOrder, sql`page.id`])}`.execute(db);
  const records = rows.filter((row): row is ListRecord & TaskRowRecord => row.id !== null);
  const [counters] = rows;
  if (!counters) throw new Error('The counters row is missing.');
  return {
    content: records.map((record) =>
      toTaskRow(
        record,
        [...record.candidates].sort((a, b) => a.localeCompare(b)),
        actor.language,
      ),
    ),
    totalHeadCount: counters.head,
    totalCount: counters.count,
    totalAll: counters.all,
    totalNew: counters.new,
    totalToday: counters.today,
    totalThisWeek: counters.week,
    totalOverdue: counters.overdue,
    page: body.page,
    size: body.size,
  };
}
