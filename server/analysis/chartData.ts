import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { AnalysisChartData, AnalysisChartQuery } from '../../schemas/api/analysis';
import type { ObjectDefinition } from '../../schemas/api/records';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';

/** Most status bars drawn; the rest are summed into none (a status chart of 40 bars is unreadable). */
const MAX_STATUSES = 12;
/** The most recent months drawn. */
const MAX_MONTHS = 24;

/**
 * Checks that the query names fields the charts can use: any scalar field for the status,
 * a number field for the amount and a date field for the month (400 otherwise).
 */
export function chartFields(
  definition: ObjectDefinition,
  query: Pick<AnalysisChartQuery, 'status' | 'amount' | 'date'>,
): void {
  const typeOf = (key: string) => definition.fields.find((field) => field.key === key)?.type;
  const refuse = (path: string, message: string) => {
    throw new AppError(400, ErrorCode.validation, message, {
      details: [{ path, code: 'analysis.unusableField', params: {} }],
    });
  };
  const status = typeOf(query.status);
  if (status === undefined || status === 'object') {
    refuse('querystring/status', 'The status field must be a scalar field of the object.');
  }
  const amount = typeOf(query.amount);
  if (amount !== 'integer' && amount !== 'decimal') {
    refuse('querystring/amount', 'The amount field must be a number field of the object.');
  }
  if (typeOf(query.date) !== 'date') {
    refuse('querystring/date', 'The date field must be a date field of the object.');
  }
}

/**
 * The figures of the charts page, counted by the database over the object's every record of
 * the tenant: records by status (most frequent first) and amounts summed by month of the
 * date field (the latest months, in order). Field keys are bound as parameters.
 */
export async function chartData(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  definition: ObjectDefinition,
  query: Pick<AnalysisChartQuery, 'status' | 'amount' | 'date'>,
): Promise<AnalysisChartData> {
  chartFields(definition, query);
  const scope = db
    .selectFrom('object_records')
    .where('tenant', '=', tenant)
    .where('key', '=', definition.key)
    .where('version', '=', definition.version);
  const statusText = sql<string>`coalesce(data->>${query.status}, '')`;
  const [total, byStatus, byMonth] = await Promise.all([
    scope.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    scope
      .select([statusText.as('status'), (eb) => eb.fn.countAll<string>().as('count')])
      // By position: the bound key makes the selected expression differ from a repeated one.
      .groupBy(sql`1`)
      .orderBy('count', 'desc')
      .orderBy('status')
      .limit(MAX_STATUSES)
      .execute(),
    scope
      .select([
        sql<string>`substr(data->>${query.date}, 1, 7)`.as('month'),
        sql<string>`sum((data->>${query.amount})::numeric)`.as('amount'),
      ])
      .where(sql<boolean>`data->>${query.date} ~ '^[0-9]{4}-[0-9]{2}'`)
      .where(sql<boolean>`jsonb_typeof(data->${query.amount}) = 'number'`)
      .groupBy(sql`1`)
      .orderBy('month', 'desc')
      .limit(MAX_MONTHS)
      .execute(),
  ]);
  return {
    total: Number(total.count),
    byStatus: byStatus.map((row) => ({ status: row.status, count: Number(row.count) })),
    byMonth: byMonth
      .map((row) => ({ month: row.month, amount: Math.round(Number(row.amount) * 100) / 100 }))
      .reverse(),
  };
}
