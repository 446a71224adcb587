// Measures the records list and its download on a database of many records: filter + sort +
// page over 100,000 customers (p50 and p95 of each kind of request, budget 20 ms at p95 on
// PostgreSQL), and the xlsx download of 10,000 records (time and memory). On PostgreSQL when
// DATABASE_URL is set (a throw-away database, dropped afterwards), then on embedded PGlite
// for information; `--backend postgres` or `--backend pglite` runs only one.
// Usage: npm run bench:records [-- --records N] [--runs N] [--backend both|postgres|pglite]
//   [--explain]
// `measureRecords` answers the same figures as data, for `npm run bench`.
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { ObjectDefinition, FilterItem, SortParams } from '../schemas/api/records';
import { migrate } from '../server/db/migrate';
import { buildRecordsWorkbook } from '../server/records/exportRecords';
import { storeObjectDefinition } from '../server/records/objectDefinitions';
import {
  queryRecordPage,
  querySelectionRows,
  RECORD_COUNT_CAP,
} from '../server/records/recordQuery';
import {
  DEMO_OBJECT_DEFINITIONS,
  demoCustomers,
  demoLoans,
  insertRecords,
} from '../server/seed/demoRecords';
import { seedIdentity } from '../server/seed/seedIdentity';
import { createTestDatabase } from '../server/testing/createTestDatabase';
import { atMost, figure, type Figure, type FigureTable } from './benchFigures';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** What `measureRecords` is asked to run. */
export interface RecordsOptions {
  /** Customers stored. */
  readonly records: number;
  /** Timed calls per list request (after 5 warm-ups). */
  readonly runs: number;
  /** Loans stored and downloaded as xlsx. */
  readonly exportRows: number;
  /** Which databases: PostgreSQL needs DATABASE_URL. */
  readonly backend: 'both' | 'postgres' | 'pglite';
  /** Print the plans of the exact filter's statements. */
  readonly explain?: boolean;
  /** Where progress and the printed tables go; silent when absent. */
  readonly write?: (text: string) => void;
}

const EXPORT_ROWS = 10_000;
/** A list page (filter + sort + page of 10, with its count) answers within this at p95. */
const BUDGET_MS = 20;

function definition(key: string): ObjectDefinition {
  const found = DEMO_OBJECT_DEFINITIONS.find((item) => item.key === key);
  if (!found) throw new Error(`No demo definition ${key}`);
  return found;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The list requests measured: each a filter set, a sort and a page, as the screen sends them. */
const CASES: { name: string; filters: FilterItem[]; sort?: SortParams; page: number }[] = [
  { name: 'no filter, newest first, page 1', filters: [], page: 0 },
  {
    name: 'no filter, sort name asc, page 50',
    filters: [],
    sort: { param: 'fullName', direction: 'ASC' },
    page: 49,
  },
  {
    name: 'exact nationality, sort risk desc, page 3',
    filters: [{ key: 'nationality', value: 'PT' }],
    sort: { param: 'riskScore', direction: 'DESC' },
    page: 2,
  },
  {
    name: 'exact name, default sort',
    filters: [{ key: 'fullName', value: 'Lucía García' }],
    page: 0,
  },
  {
    name: 'partial name, sort id desc',
    filters: [{ key: 'fullName', value: 'mart', comparisonType: 'partial' }],
    sort: { param: 'customerId', direction: 'DESC' },
    page: 0,
  },
  {
    name: 'birth month + exact language, sort birth date',
    filters: [
      { key: 'dateOfBirth', value: '1975-03' },
      { key: 'preferredLanguage', value: 'fr' },
    ],
    sort: { param: 'dateOfBirth', direction: 'ASC' },
    page: 0,
  },
];

/** One backend's run: seed, the list requests, the download; answers its figures. */
async function runOn(
  backend: 'PostgreSQL' | 'PGlite',
  options: RecordsOptions,
): Promise<FigureTable> {
  const { records: RECORDS, runs: RUNS, exportRows: EXPORT_ROWS, explain: EXPLAIN } = options;
  const write = options.write ?? (() => undefined);
  const figures: Figure[] = [];
  // An empty URL is PGlite; no URL at all would fall back to DATABASE_URL.
  const database = await createTestDatabase({
    databaseUrl: backend === 'PostgreSQL' ? process.env.DATABASE_URL : '',
  });
  const { db } = database;
  try {
    await migrate(db);
    await seedIdentity(db, { log2N: 10, r: 8, p: 1 });
    const customers = definition('customers');
    const loans = definition('loans');
    await storeObjectDefinition(db, 'internal', customers);
    await storeObjectDefinition(db, 'internal', loans);

    let started = performance.now();
    const customerRows = demoCustomers(RECORDS, 7);
    for (let start = 0; start < customerRows.length; start += 10_000) {
      await insertRecords(db, 'internal', customers, customerRows.slice(start, start + 10_000));
    }
    await insertRecords(db, 'internal', loans, demoLoans(EXPORT_ROWS, customerRows.slice(0, 5000)));
    // As autovacuum leaves a table in use: statistics gathered, visibility map set.
    await sql`vacuum analyze object_records`.execute(db);
    write(
      `\n${backend}: ${RECORDS.toLocaleString('en')} customers and ${EXPORT_ROWS.toLocaleString('en')} loans stored in ${((performance.now() - started) / 1000).toFixed(1)} s\n\n`,
    );

    const fields = customers.fields.map((field) => field.key);
    write(
      `List page of 10 (page + count), ${RUNS} runs each after 5 warm-ups; a filtered count stops at ${RECORD_COUNT_CAP.toLocaleString('en')}:\n`,
    );
    write(
      `  ${'request'.padEnd(48)} ${'rows'.padStart(8)}  ${'p50'.padStart(8)}  ${'p95'.padStart(8)}  budget  p95/budget\n`,
    );
    let worst = 0;
    for (const item of CASES) {
      const selection = {
        tenant: 'internal',
        definition: customers,
        filters: item.filters,
        approach: 'exact' as const,
        sort: item.sort,
      };
      const times: number[] = [];
      let total = '';
      for (let run = 0; run < RUNS + 5; run += 1) {
        const begin = performance.now();
        const page = await queryRecordPage(
          db,
          selection,
          { page: item.page, pageSize: 10 },
          fields,
        );
        const took = performance.now() - begin;
        total = `${page.totalElements}${page.totalCapped ? '+' : ''}`;
        if (run >= 5) times.push(took);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      figures.push(
        figure({
          name: `list: ${item.name} (${total} rows), p95`,
          unit: 'ms',
          value: p95,
          // The budget is PostgreSQL's; PGlite's figures are for information.
          ...(backend === 'PostgreSQL' ? { budget: atMost(BUDGET_MS) } : {}),
        }),
      );
      worst = Math.max(worst, p95 / BUDGET_MS);
      const ms = (value: number) => `${value.toFixed(2).padStart(6)} ms`;
      write(
        `  ${item.name.padEnd(48)} ${total.padStart(8)}  ${ms(percentile(times, 0.5))}  ${ms(p95)}  ${String(BUDGET_MS).padStart(3)} ms  ${(p95 / BUDGET_MS).toFixed(2).padStart(10)}\n`,
      );
    }
    write(
      `  worst p95/budget ${worst.toFixed(2)}${backend === 'PostgreSQL' ? (worst <= 1 ? ': within budget' : ': over budget') : " (the budget is PostgreSQL's; PGlite for information)"}\n`,
    );

    if (EXPLAIN) {
      // The exact filter's page and its capped count, as queryRecordPage writes them.
      const where = sql`tenant = 'internal' and key = 'customers' and version = 1
        and data -> 'nationality' = '"PT"'::jsonb`;
      for (const statement of [
        sql`select id from object_records where ${where}
          order by data -> 'riskScore' desc, id desc limit 10 offset 20`,
        sql`select count(*) from (select 1 from object_records where ${where}
          order by id limit ${sql.lit(RECORD_COUNT_CAP + 1)}) as matching`,
      ]) {
        const plan = await sql<{
          'QUERY PLAN': string;
        }>`explain (analyze, costs off) ${statement}`.execute(db);
        write(`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
      }
    }

    // The download: every loan (10,000) read in the list's order and written as xlsx.
    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    let peakHeap = heapBefore;
    const sampler = setInterval(() => {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }, 5);
    started = performance.now();
    const rows = await querySelectionRows(db, {
      tenant: 'internal',
      definition: loans,
      filters: [],
      approach: 'exact',
      sort: { param: 'loanAmount', direction: 'DESC' },
    });
    const read = performance.now() - started;
    const file = buildRecordsWorkbook(loans, rows, 'en');
    const total = performance.now() - started;
    clearInterval(sampler);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    figures.push(
      figure({ name: `xlsx download of ${rows.length} records`, unit: 'ms', value: total }),
      figure({
        name: 'xlsx download, heap growth at peak',
        unit: 'MiB',
        value: (peakHeap - heapBefore) / 2 ** 20,
      }),
    );
    write(
      `\nxlsx download of ${rows.length.toLocaleString('en')} records: ${total.toFixed(0)} ms (read ${read.toFixed(0)} ms, build ${(total - read).toFixed(0)} ms), file ${mib(file.length)}, heap +${mib(peakHeap - heapBefore)} at peak, RSS +${mib(process.memoryUsage().rss - rssBefore)}\n\n`,
    );
    return {
      title: `Records on ${backend}`,
      note:
        `${RECORDS.toLocaleString('en')} customers; a list page of 10 with its count, p95 of ${RUNS} calls after 5 warm-ups, ` +
        `then the xlsx download of ${EXPORT_ROWS.toLocaleString('en')} loans.` +
        (backend === 'PGlite'
          ? " The 20 ms budget is PostgreSQL's; PGlite's figures are for information."
          : ''),
      figures,
    };
  } finally {
    await database.close();
  }
}

/** Seeds and measures the records list and download on each backend asked for. */
export async function measureRecords(options: RecordsOptions): Promise<FigureTable[]> {
  const postgres = Boolean(process.env.DATABASE_URL) && options.backend !== 'pglite';
  if (options.backend === 'postgres' && !postgres) {
    throw new Error('--backend postgres needs DATABASE_URL');
  }
  const tables: FigureTable[] = [];
  if (postgres) tables.push(await runOn('PostgreSQL', options));
  if (options.backend !== 'postgres') tables.push(await runOn('PGlite', options));
  return tables;
}

async function main(): Promise<void> {
  const backend = (() => {
    const index = process.argv.indexOf('--backend');
    const chosen = index >= 0 ? process.argv[index + 1] : undefined;
    if (chosen === 'postgres' || chosen === 'pglite' || chosen === 'both') return chosen;
    if (chosen !== undefined) {
      throw new Error(`--backend is both, postgres or pglite, not ${chosen}`);
    }
    return 'both';
  })();
  await measureRecords({
    records: option('records', 100_000),
    runs: option('runs', 60),
    exportRows: EXPORT_ROWS,
    backend,
    explain: process.argv.includes('--explain'),
    write: (text) => process.stdout.write(text),
  });
}

// Run only as a script, so `npm run bench` and the e2e tests can import `measureRecords`.
if (
  process.argv[1] &&
  resolve(process.argv[1]) === resolve(import.meta.dirname, 'benchRecords.ts')
) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
