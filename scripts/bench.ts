// `npm run bench`: one benchmark report. Builds, then runs start, bundle sizes, API, forms
// (100, 1,000 and 5,000 fields, with plain React and rjsf beside them, and the form with
// rules) and records, collects each bench's figures as data (its exported measuring
// function) and writes docs/benchmarks.md: the machine, then each figure beside its budget and
// its same-run baseline. A report, never a test: a missed budget is written down, not failed.
//
//   npm run bench -- [--only start,bundle,api,forms,records] [--forms-runs 5] [--forms-keys 50]
//     [--forms-sizes 100,1000,5000] [--api-seconds 10] [--pglite-tasks 100000]
//     [--postgres-tasks 1000000] [--no-processes] [--paint-runs 30] [--records 100000]
//     [--records-runs 60] [--warm-runs 5] [--out docs/benchmarks.md]
// PostgreSQL is measured when DATABASE_URL is set (a throw-away database each time).
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { measureApi } from './benchApi';
import { bundleTable, measureBundle } from './benchBundle';
import { machineInfo, type Figure, type FigureTable, type MachineInfo } from './benchFigures';
import { measureForms } from './benchForms';
import { measureRecords } from './benchRecords';
import { measureStart, type LoginWeight } from './benchStart';

const ROOT = resolve(import.meta.dirname, '..');
const BENCHES = ['start', 'bundle', 'api', 'forms', 'records'] as const;

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
function text(name: string, fallback: string): string {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? args[index + 1] : undefined;
  return value && !value.startsWith('--') ? value : fallback;
}
function count(name: string, fallback: number): number {
  const value = Number(text(name, String(fallback)));
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive integer`);
  return value;
}

const number = (value: number): string =>
  !Number.isFinite(value)
    ? '–'
    : Math.abs(value) >= 100
      ? Math.round(value).toLocaleString('en')
      : Math.abs(value) >= 10
        ? value.toFixed(1)
        : value.toFixed(2);

function budgetText(row: Figure): string {
  if (!row.budget) return '–';
  const sign = row.budget.atMost ? '≤' : '≥';
  return row.budget.on === 'ratio'
    ? `${sign} ${row.budget.limit}× ${row.baseline?.name ?? 'baseline'}`
    : `${sign} ${number(row.budget.limit)} ${row.unit}`;
}

function metText(row: Figure): string {
  if (row.met === undefined) return '–';
  if (!row.budget) return '–';
  const bounded = row.budget.on === 'ratio' ? (row.ratio ?? Number.NaN) : row.value;
  const share = bounded / row.budget.limit;
  if (!Number.isFinite(share)) return 'no figure';
  if (row.met) return row.budget.atMost ? `met (${number(share * 100)} % of budget)` : 'met';
  return row.budget.atMost
    ? `**missed** by ${number((share - 1) * 100)} %`
    : `**missed**: ${number(share * 100)} % of budget`;
}

/** One table as markdown. */
export function tableMarkdown(table: FigureTable): string {
  const lines = [`### ${table.title}`, ''];
  if (table.note) lines.push(table.note, '');
  lines.push(
    '| figure | measured | budget | baseline in the same run | ratio | met? |',
    '|---|---:|---|---|---:|---|',
  );
  for (const row of table.figures) {
    const baseline = row.baseline
      ? `${row.baseline.name}: ${number(row.baseline.value)} ${row.unit}`
      : '–';
    const ratio = row.ratio === undefined ? '–' : `${row.ratio.toFixed(2)}×`;
    lines.push(
      `| ${row.name} | ${number(row.value)} ${row.unit} | ${budgetText(row)} | ${baseline} | ${ratio} | ${metText(row)} |`,
    );
  }
  return lines.join('\n');
}

function machineMarkdown(before: MachineInfo, after: MachineInfo): string {
  const load = (info: MachineInfo) => info.load.map((value) => value.toFixed(2)).join(', ');
  return [
    `- CPU: ${before.cpu}, ${before.cores} cores`,
    `- memory: ${before.memoryGiB.toFixed(1)} GiB (${before.freeMemoryGiB.toFixed(1)} GiB free at the start)`,
    `- Node ${before.node}, ${before.os}`,
    `- load average (1, 5, 15 min): ${load(before)} before, ${load(after)} after`,
  ].join('\n');
}

async function main(): Promise<void> {
  const only = text('only', BENCHES.join(',')).split(',');
  for (const name of only) {
    if (!(BENCHES as readonly string[]).includes(name)) throw new Error(`unknown bench ${name}`);
  }
  const out = resolve(ROOT, text('out', 'docs/benchmarks.md'));
  const log = (line: string) => console.log(line);
  const before = machineInfo();
  const started = Date.now();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })
    .toString()
    .trim();
  const dirty =
    execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT })
      .toString()
      .trim() !== '';

  log('building the SPA and the server bundle…');
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');

  const sections: { name: string; tables: FigureTable[]; seconds: number }[] = [];
  const timed = async (name: string, run: () => Promise<FigureTable[]>) => {
    if (!only.includes(name)) return;
    log(`\n== ${name} ==`);
    const begin = Date.now();
    const tables = await run();
    sections.push({ name, tables, seconds: (Date.now() - begin) / 1000 });
    for (const table of tables) log(`\n${tableMarkdown(table)}`);
  };

  let login: LoginWeight | undefined;
  await timed('start', async () => {
    const result = await measureStart({ warmRuns: count('warm-runs', 5), build: false });
    login = result.login;
    return [result.table];
  });
  await timed('bundle', async () => [
    bundleTable(measureBundle(resolve(ROOT, 'dist/client')), login),
  ]);
  const paintRuns = count('paint-runs', 30);
  await timed('api', async () => {
    const result = await measureApi({
      seconds: count('api-seconds', 10),
      ...(flag('postgres-only') ? {} : { pgliteTasks: count('pglite-tasks', 100_000) }),
      postgresTasks: count('postgres-tasks', 1_000_000),
      processes: !flag('no-processes'),
      ...(flag('no-paint') ? {} : { paintRuns }),
      clientDir: resolve(ROOT, 'dist/client'),
      log,
    });
    return [...result.tables];
  });
  await timed('forms', async () => {
    const result = await measureForms({
      runs: count('forms-runs', 5),
      sizes: text('forms-sizes', '100,1000,5000').split(',').map(Number),
      keys: count('forms-keys', 50),
      configs: ['tessera', 'rules', 'plain', 'rjsf'],
      log,
    });
    return [...result.tables];
  });
  await timed('records', () =>
    measureRecords({
      records: count('records', 100_000),
      runs: count('records-runs', 60),
      exportRows: 10_000,
      backend: 'both',
      write: (line) => process.stdout.write(line),
    }),
  );

  const after = machineInfo();
  const minutes = (Date.now() - started) / 60_000;
  const allFigures = sections.flatMap((section) => section.tables.flatMap((t) => t.figures));
  const budgeted = allFigures.filter((row) => row.budget);
  const missed = budgeted.filter((row) => row.met !== true);
  const report = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (rerun it to replace this file; `npm run bench -- --only forms`',
    'runs one bench, and each bench script states its options in its header). PostgreSQL',
    'figures need `DATABASE_URL`. Figures from a busy machine are noisy: compare ratios measured',
    'in the same run rather than figures from two runs.',
    '',
    `- date: ${new Date(started).toISOString().replace(/\.\d+Z$/, 'Z')}, ${minutes.toFixed(1)} minutes`,
    `- commit: ${commit}${dirty ? ' (with uncommitted changes)' : ''}`,
    `- command: \`npm run bench${args.length > 0 ? ` -- ${args.join(' ')}` : ''}\``,
    `- PostgreSQL: ${process.env.DATABASE_URL ? 'measured' : 'not measured (no DATABASE_URL)'}`,
    machineMarkdown(before, after),
    '',
    `Budgets: ${budgeted.length - missed.length} of ${budgeted.length} met.` +
      (missed.length > 0 ? ` Missed: ${missed.map((row) => row.name).join('; ')}.` : ''),
    '',
    ...sections.flatMap((section) => [
      `## ${section.name} (${Math.round(section.seconds)} s)`,
      '',
      ...section.tables.flatMap((table) => [tableMarkdown(table), '']),
    ]),
  ].join('\n');
  writeFileSync(out, report);
  // The repository's formatter owns markdown too (`npm run lint` checks it): align the tables.
  spawnSync(resolve(ROOT, 'node_modules/.bin/prettier'), ['--write', out], { stdio: 'ignore' });
  log(`\nwrote ${out} in ${minutes.toFixed(1)} minutes`);
}

// Run only as a script, so the e2e test can import the report's pieces.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'bench.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
