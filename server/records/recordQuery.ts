import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { normalizeDateFilter } from '../../schemas/api/recordDateFilter';
import type {
  FilterItem,
  ListRecord,
  ObjectDefinition,
  ObjectField,
  RecordPage,
  RecordQueryBody,
  SortParams,
} from '../../schemas/api/records';
import {
  ComparisonType,
  MAX_REQUESTED_PROPERTIES,
  RecordRequestType,
  RecordsErrorCode,
  SortDirection,
} from '../../schemas/api/recordsConstants';
import { containsPattern } from '../db/containsPattern';
import { collated } from '../db/textCollation';
import type { Language } from '../engine/displayNames';
import type { DatabaseSchema } from '../db/schema';
import { AppError, type ErrorDetail } from '../errors';

/** Which records a list or a download reads: the object, its filters, its sort. */
export interface RecordSelection {
  readonly tenant: string;
  readonly definition: ObjectDefinition;
  readonly filters: readonly FilterItem[];
  /** The search mode, for filter rows without a comparison type of their own. */
  readonly approach: ComparisonType;
  readonly sort?: SortParams | undefined;
  /** The reader's language, whose order a text field sorts in (English when not given). */
  readonly language?: Language | undefined;
}

function refuse(details: ErrorDetail[]): never {
  throw new AppError(400, ErrorCode.validation, 'The records list request was refused.', {
    details,
  });
}

function fieldOf(definition: ObjectDefinition, key: string): ObjectField | undefined {
  return definition.fields.find((field) => field.key === key);
}

/** `data -> 'key'` with the key written into the statement, so it matches the sort index. */
function fieldValue(key: string) {
  return sql`data -> ${sql.lit(key)}`;
}

/**
 * `data ->> 'key'`: the field's value as text, with the key written into the statement so
 * the expression is the one a text field's trigram index is built on.
 */
function fieldText(key: string) {
  return sql<string>`data ->> ${sql.lit(key)}`;
}

/**
 * How a sorted field's values compare, with the expression a page ends at as text and the
 * cast that reads that text back. A text field sorts in the reader's language's collation
 * ("Élodie" beside "Elodie", not after "Z" as jsonb's byte order puts it); other types
 * compare as jsonb, along the field's sort index.
 */
function sortValue(selection: RecordSelection, param: string) {
  const field = fieldOf(selection.definition, param);
  if (field?.type === 'string') {
    const text = fieldText(param);
    return {
      value: collated(text, selection.language),
      pageKey: text,
      readKey: (key: string | null) => collated(sql`${key}::text`, selection.language),
    };
  }
  const value = fieldValue(param);
  return {
    value,
    pageKey: sql<string | null>`(${value})::text`,
    readKey: (key: string | null) => sql`${key}::jsonb`,
  };
}

/**
 * `data -> 'key' = value` as jsonb: the same expression as the field's sort index, so an
 * exact filter is an index lookup, and ANALYZE's statistics of that index tell the planner
 * how many rows a value has (a rare name, or a fifth of the records).
 */
function equals(key: string, value: unknown): Expression<SqlBool> {
  return sql<SqlBool>`${fieldValue(key)} = ${JSON.stringify(value)}::jsonb`;
}

/**
 * A text value starting with `prefix`, as a range of the field's sort index (the `like`
 * rechecks it): dates are `YYYY-MM-DD` text, so a month or a year is a range of them.
 */
function startsWith(key: string, prefix: string, next: string): Expression<SqlBool> {
  return sql<SqlBool>`(${fieldValue(key)} >= ${JSON.stringify(prefix)}::jsonb
    and ${fieldValue(key)} < ${JSON.stringify(next)}::jsonb
    and ${fieldText(key)} like ${`${prefix}%`})`;
}

/** The month or year after a `YYYY-MM` or `YYYY` prefix, the end of its range. */
function nextPeriod(prefix: string): string {
  const [year = 0, month] = prefix.split('-').map(Number);
  if (month === undefined) return String(year + 1).padStart(4, '0');
  return month === 12
    ? `${String(year + 1).padStart(4, '0')}-01`
    : `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`;
}

/** A number as users type it: a space groups thousands (spec 001 section 5). */
function parseNumber(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (!/^-?\d+(?:[.,]\d+)?$/.test(compact)) return undefined;
  const value = Number(compact.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The SQL condition of one filter row, by the field's type. Exact rows compare the value
 * of the field's own type (a number, a boolean, or text) on the field's sort index; a date
 * matches a day exactly, a month or a year as a range of days, and a day of any year by its
 * suffix. Partial rows look for the text anywhere in the value, case-insensitive.
 * A value the field's type cannot hold is refused with the row's index, never ignored.
 */
function filterCondition(
  field: ObjectField,
  item: FilterItem,
  approach: ComparisonType,
  index: number,
): Expression<SqlBool> {
  const path = `filterParams/${index}/value`;
  const partial = (item.comparisonType ?? approach) === ComparisonType.partial;
  const value = item.value.trim();
  if (field.type === 'date') {
    const date = normalizeDateFilter(value);
    if (!date) refuse([{ path, code: RecordsErrorCode.badDate, params: { field: field.key } }]);
    const text = fieldText(field.key);
    switch (date.kind) {
      case 'day':
        return partial
          ? sql<SqlBool>`${text} like ${`${date.value}%`}`
          : equals(field.key, date.value);
      case 'month':
      case 'year':
        return startsWith(field.key, date.value, nextPeriod(date.value));
      case 'dayOfYear':
        return sql<SqlBool>`${text} like ${`%-${date.value}`}`;
    }
  }
  // `data ->> 'field'` is the expression of a text field's trigram index (see
  // ensureFieldIndexes), so a contains search reads the index instead of every record.
  if (partial) return sql<SqlBool>`${fieldText(field.key)} ilike ${containsPattern(value)}`;
  switch (field.type) {
    case 'integer':
    case 'decimal': {
      const number = parseNumber(value);
      if (number === undefined) {
        refuse([{ path, code: RecordsErrorCode.badNumber, params: { field: field.key } }]);
      }
      return equals(field.key, number);
    }
    case 'boolean': {
      const lower = value.toLowerCase();
      if (lower !== 'true' && lower !== 'false') {
        refuse([{ path, code: RecordsErrorCode.badBoolean, params: { field: field.key } }]);
      }
      return equals(field.key, lower === 'true');
    }
    case 'object':
      return sql<SqlBool>`${fieldText(field.key)} = ${value}`;
    case 'string':
      return equals(field.key, value);
  }
}

/**
 * Whether a selection is one exact filter row that {@link filterCondition} writes as an
 * equality on the field's sort index (`tenant, key, version, data -> 'field', id`): its
 * rows then come from that index in id order, without a sort.
 */
function isOneIndexedEquality(selection: RecordSelection): boolean {
  const [item, ...others] = selection.filters;
  if (!item || others.length > 0) return false;
  const field = fieldOf(selection.definition, item.key);
  if (!field || (item.comparisonType ?? selection.approach) === ComparisonType.partial) {
    return false;
  }
  if (field.type === 'date') return normalizeDateFilter(item.value.trim())?.kind === 'day';
  return field.type !== 'object';
}

/** Every filter and sort of a selection checked against the definition: 400 otherwise. */
function checkSelection(selection: RecordSelection): void {
  const unknown: ErrorDetail[] = selection.filters.flatMap((item, index) =>
    fieldOf(selection.definition, item.key)
      ? []
      : [
          {
            path: `filterParams/${index}/key`,
            code: RecordsErrorCode.unknownColumn,
            params: { column: item.key },
          },
        ],
  );
  if (selection.sort && !fieldOf(selection.definition, selection.sort.param)) {
    unknown.push({
      path: 'sortParams/param',
      code: RecordsErrorCode.sortNotAField,
      params: { column: selection.sort.param },
    });
  }
  if (unknown.length > 0) refuse(unknown);
}

/**
 * The records of a selection as a Kysely query, not yet ordered or paged: the tenant's rows
 * of the object's key and version, with each filter row's condition.
 */
function selectionQuery(db: Kysely<DatabaseSchema>, selection: RecordSelection) {
  checkSelection(selection);
  const { definition } = selection;
  const conditions = selection.filters.flatMap((item, index) => {
    const field = fieldOf(definition, item.key);
    return field ? [filterCondition(field, item, selection.approach, index)] : [];
  });
  let query = db
    .selectFrom('object_records')
    .where('tenant', '=', selection.tenant)
    .where('key', '=', definition.key)
    .where('version', '=', definition.version);
  for (const condition of conditions) query = query.where(condition);
  return query;
}

/** The selection's rows in the list's order: the sort field, else newest first; id breaks ties. */
function orderedQuery(db: Kysely<DatabaseSchema>, selection: RecordSelection) {
  const query = selectionQuery(db, selection).select(['id', 'data', 'created_at', 'updated_at']);
  const { sort } = selection;
  if (!sort) return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  const direction = sort.direction === SortDirection.asc ? sql`asc` : sql`desc`;
  const { value } = sortValue(selection, sort.param);
  return query.orderBy(sql`${value} ${direction}`).orderBy(sql`id ${direction}`);
}

/**
 * Which fields a list request answers: the named ones for PROPERTIES (1 to 50 known
 * fields), every field for ALL_PROPERTIES, which a client must use for an empty list or one
 * longer than 50 (spec 001 section 5). A request whose type does not fit its list, or that
 * names an unknown field, is refused.
 */
export function requestedFields(
  definition: ObjectDefinition,
  body: Pick<RecordQueryBody, 'properties' | 'requestType'>,
): readonly string[] {
  const count = body.properties.length;
  const fits =
    body.requestType === RecordRequestType.properties
      ? count >= 1 && count <= MAX_REQUESTED_PROPERTIES
      : count === 0 || count > MAX_REQUESTED_PROPERTIES;
  if (!fits) {
    refuse([
      {
        path: 'requestType',
        code: RecordsErrorCode.propertyCount,
        params: { count, max: MAX_REQUESTED_PROPERTIES },
      },
    ]);
  }
  const unknown = body.properties.flatMap((key, index) =>
    fieldOf(definition, key)
      ? []
      : [
          {
            path: `properties/${index}`,
            code: RecordsErrorCode.unknownColumn,
            params: { column: key },
          },
        ],
  );
  if (unknown.length > 0) refuse(unknown);
  return body.requestType === RecordRequestType.properties
    ? [...new Set(body.properties)]
    : definition.fields.map((field) => field.key);
}

function pick(data: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (key in data) picked[key] = data[key];
  return picked;
}

/**
 * Most records a filtered list counts before it says "more than" (decisions, "The records
 * list counts at most 1,000 filtered records"): counting reads every matching row, so an
 * exact count of a common value or a short partial text costs more than the page itself.
 */
export const RECORD_COUNT_CAP = 1000;

/**
 * How many records a selection holds: the kept count of the object when nothing filters
 * it; else the filtered rows counted up to `limit` (at least {@link RECORD_COUNT_CAP}, and
 * at least to the end of the page asked for), `capped` when more rows are there.
 */
async function countSelection(
  db: Kysely<DatabaseSchema>,
  selection: RecordSelection,
  limit: number,
): Promise<{ total: number; capped: boolean }> {
  if (selection.filters.length === 0) {
    checkSelection(selection);
    const kept = await db
      .selectFrom('object_record_counts')
      .select('count')
      .where('tenant', '=', selection.tenant)
      .where('key', '=', selection.definition.key)
      .where('version', '=', selection.definition.version)
      .executeTakeFirst();
    return { total: Number(kept?.count ?? 0), capped: false };
  }
  // `limit + 1` rows at most: one more than the limit tells that the count stopped there.
  let rows = selectionQuery(db, selection)
    .select(sql<number>`1`.as('one'))
    .limit(limit + 1);
  // One exact filter counts along its field's index, which gives its rows in id order: a
  // count without an order may read the table from its start instead, which the planner
  // prefers for a common value but which depends on where the object's rows lie (three
  // to ten times slower measured, decisions "A filtered records list counts at most 1,000").
  if (isOneIndexedEquality(selection)) rows = rows.orderBy('id');
  const matching = rows.as('matching');
  const counted = await db
    .selectFrom(matching)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.count);
  return total > limit ? { total: limit, capped: true } : { total, capped: false };
}

/**
 * One page of a selection and the count of its rows (spec 001 section 3, "Paged result"),
 * with only `fields` of each record's data. A filtered count stops at
 * {@link RECORD_COUNT_CAP} records, or at the end of the page asked for when that is
 * further: `totalCapped` then says the selection holds more than `totalElements`.
 */
export async function queryRecordPage(
  db: Kysely<DatabaseSchema>,
  selection: RecordSelection,
  paging: { page: number; pageSize: number },
  fields: readonly string[],
): Promise<RecordPage> {
  const offset = paging.page * paging.pageSize;
  // The page and its total are independent reads; on a pool they run side by side.
  const [rows, count] = await Promise.all([
    orderedQuery(db, selection).limit(paging.pageSize).offset(offset).execute(),
    countSelection(db, selection, Math.max(RECORD_COUNT_CAP, offset + paging.pageSize)),
  ]);
  return {
    content: rows.map((row): ListRecord => ({
      id: row.id,
      created: row.created_at.toISOString(),
      updated: row.updated_at.toISOString(),
      data: pick(row.data, fields),
    })),
    page: paging.page,
    pageSize: paging.pageSize,
    totalElements: count.total,
    totalCapped: count.capped,
  };
}

/** Most rows one download holds; a larger selection is refused with 422. */
export const DOWNLOAD_ROW_LIMIT = 100_000;

/**
 * Rows a download reads per statement. Embedded PGlite runs a statement on the main thread,
 * so one read of 100,000 rows held every other answer for over a second; a page of this size
 * takes tens of milliseconds, and other requests are answered between pages.
 */
export const DOWNLOAD_PAGE_ROWS = 2_500;

/**
 * Where the previous page ended: its last row's sort value as text (`created_at`, a text
 * field's text or another field's jsonb, exact where a JavaScript Date or number would
 * round) and its id.
 */
interface PageEnd {
  readonly key: string | null;
  readonly id: string;
}

/**
 * One stretch of the list's order that a single index range reads in order. A field sort
 * is two stretches, because PostgreSQL puts rows without the field (SQL null) last going
 * up and first going down, and a row comparison with a null is never true.
 */
type Stretch = 'created' | 'withValue' | 'withoutValue';

/** The stretches of a selection's order, in the order {@link orderedQuery} returns them. */
function stretchesOf(sort: SortParams | undefined): readonly Stretch[] {
  if (!sort) return ['created'];
  return sort.direction === SortDirection.asc
    ? ['withValue', 'withoutValue']
    : ['withoutValue', 'withValue'];
}

/**
 * One page of a stretch after `after` (from its start when undefined), in the list's order:
 * a keyset read on the index the list uses (`created_at, id` or the field's `value, id`),
 * so each page starts where the last one ended instead of skipping rows as OFFSET does.
 */
function stretchPage(
  db: Kysely<DatabaseSchema>,
  selection: RecordSelection,
  stretch: Stretch,
  after: PageEnd | undefined,
  rows: number,
) {
  const { sort } = selection;
  const up = sort?.direction === SortDirection.asc;
  const direction = up ? sql`asc` : sql`desc`;
  const past = up ? sql`>` : sql`<`;
  const query = selectionQuery(db, selection).select(['id', 'data', 'created_at', 'updated_at']);
  if (stretch === 'created') {
    const paged = after
      ? query.where(sql<SqlBool>`(created_at, id) < (${after.key}::timestamptz, ${after.id})`)
      : query;
    return paged
      .select(sql<string>`created_at::text`.as('page_key'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(rows);
  }
  const { value, pageKey, readKey } = sortValue(selection, sort?.param ?? '');
  if (stretch === 'withoutValue') {
    const paged = query.where(sql<SqlBool>`${value} is null`);
    return (after ? paged.where(sql<SqlBool>`id ${past} ${after.id}`) : paged)
      .select(sql<string | null>`null::text`.as('page_key'))
      .orderBy(sql`id ${direction}`)
      .limit(rows);
  }
  const paged = query.where(sql<SqlBool>`${value} is not null`);
  return (
    after
      ? paged.where(sql<SqlBool>`(${value}, id) ${past} (${readKey(after.key)}, ${after.id})`)
      : paged
  )
    .select(pageKey.as('page_key'))
    .orderBy(sql`${value} ${direction}`)
    .orderBy(sql`id ${direction}`)
    .limit(rows);
}

/**
 * Every row of a selection in the list's order, for a download: at most
 * {@link DOWNLOAD_ROW_LIMIT}, else a 422 (the client says datastore.reportDownloadError).
 * Read `pageRows` at a time with a turn of the event loop between pages, so other requests
 * are answered while a large download is read. Pages are separate statements: a record
 * written meanwhile may be in the file or not, as if it were written just before or after.
 */
export async function querySelectionRows(
  db: Kysely<DatabaseSchema>,
  selection: RecordSelection,
  pageRows = DOWNLOAD_PAGE_ROWS,
): Promise<ListRecord[]> {
  const records: ListRecord[] = [];
  // One row past the limit tells that the selection is too large.
  const wanted = DOWNLOAD_ROW_LIMIT + 1;
  for (const stretch of stretchesOf(selection.sort)) {
    let after: PageEnd | undefined;
    while (records.length < wanted) {
      const rows = await stretchPage(
        db,
        selection,
        stretch,
        after,
        Math.min(pageRows, wanted - records.length),
      ).execute();
      for (const row of rows) {
        records.push({
          id: row.id,
          created: row.created_at.toISOString(),
          updated: row.updated_at.toISOString(),
          data: row.data,
        });
      }
      const last = rows.at(-1);
      if (!last || rows.length < pageRows) break;
      after = { key: last.page_key, id: last.id };
      await nextTurn();
    }
  }
  if (records.length > DOWNLOAD_ROW_LIMIT) {
    throw new AppError(422, ErrorCode.validation, 'Too many records for one download.', {
      details: [
        { path: 'filterParams', code: 'records.tooManyRows', params: { max: DOWNLOAD_ROW_LIMIT } },
      ],
    });
  }
  return records;
}
