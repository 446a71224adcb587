import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureApi } from '../../scripts/benchApi';
import { bundleTable, measureBundle } from '../../scripts/benchBundle';
import type { FigureTable } from '../../scripts/benchFigures';
import { formsTable, measureForms } from '../../scripts/benchForms';
import { measureRecords } from '../../scripts/benchRecords';
import { measureStart } from '../../scripts/benchStart';
import { tableMarkdown } from '../../scripts/bench';

// Every benchmark of `npm run bench`, once, at its smallest size, so none can rot unseen:
// each answers well-formed figures and the report can print them. Never whether a budget is
// met: these sizes say nothing about that, and the machine may be busy.

const ROOT = resolve(import.meta.dirname, '..', '..');
const postgres = Boolean(process.env.DATABASE_URL);

/** Every figure is a finite, positive number, and every row prints as one table row. */
function expectWellFormed(tables: readonly FigureTable[]): void {
  expect(tables.length).toBeGreaterThan(0);
  for (const table of tables) {
    expect(table.figures.length, table.title).toBeGreaterThan(0);
    for (const row of table.figures) {
      expect(Number.isFinite(row.value), `${table.title}: ${row.name}`).toBe(true);
      // A heap's growth may be nothing at a tiny size; every other figure is a time, a size
      // or a rate.
      if (row.name.includes('heap growth')) expect(row.value).toBeGreaterThanOrEqual(0);
      else expect(row.value, `${table.title}: ${row.name}`).toBeGreaterThan(0);
      if (row.baseline) {
        expect(row.baseline.value, `${row.name}: ${row.baseline.name}`).toBeGreaterThan(0);
        expect(Number.isFinite(row.ratio)).toBe(true);
      }
      if (row.budget) expect(typeof row.met, row.name).toBe('boolean');
    }
    const markdown = tableMarkdown(table).split('\n');
    expect(markdown.filter((line) => line.startsWith('| ')).length).toBe(table.figures.length + 1);
  }
}

/** The names of the rows that carry a budget. */
const budgeted = (tables: readonly FigureTable[]) =>
  tables.flatMap((table) => table.figures.filter((row) => row.budget).map((row) => row.name));

describe('every benchmark runs at a tiny size', () => {
  it('given the build, when start is measured once warm, then the warm start carries its budget', async () => {
    const start = await measureStart({ warmRuns: 1, build: false });
    expectWellFormed([start.table]);
    expect(budgeted([start.table])).toEqual(['warm start, median of 1']);

    const bundle = bundleTable(measureBundle(resolve(ROOT, 'dist/client')), start.login);
    expectWellFormed([bundle]);
    expect(budgeted([bundle])).toEqual([
      `/login JS + CSS, gzip (${start.login.files} files)`,
      '/login JS alone, raw',
    ]);
  }, 300_000);

  it('given a few fields, when the forms are measured, then Tessera stands beside plain React, rjsf and the form with rules', async () => {
    const forms = await measureForms({
      runs: 1,
      sizes: [12],
      keys: 3,
      configs: ['tessera', 'rules', 'plain', 'rjsf'],
    });
    expectWellFormed(forms.tables);
    const names = forms.tables[0]?.figures.map((row) => `${row.name} / ${row.baseline?.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'keystroke p95 / plain React',
        'keystroke p95 / rjsf',
        'with rules: keystroke p95 / the same form without rules',
      ]),
    );
    // The 5,000-field budgets, on the same medians: every one of them has its row.
    const cells = new Map(
      [...forms.cells].map(([key, cell]) => [key.replace(/\|12$/, '|5000'), cell]),
    );
    expect(budgeted([formsTable(cells, 5000, 1, 3)])).toEqual([
      'keystroke p95',
      'keystroke p95',
      'first screen painted (mount → paint)',
      'heap after mount',
      'with rules: keystroke p95',
    ]);
  }, 300_000);

  it('given a few hundred tasks, when the list call is loaded for a second, then its figures are well formed', async () => {
    // The paint part (bench:api without --no-paint) is left out: under the test runner its
    // page never reports a sample, though the same code does under `npm run bench`.
    const api = await measureApi({
      seconds: 1,
      pgliteTasks: 300,
      ...(postgres ? { postgresTasks: 300 } : {}),
      processes: false,
    });
    expectWellFormed(api.tables);
    if (postgres) {
      expect(budgeted(api.tables)).toEqual([
        'list call in process, fresh, p95',
        'HTTP in process, 50 connections',
      ]);
    }
  }, 300_000);

  it('given a few hundred records, when the list and the download are measured, then the figures are well formed', async () => {
    const tables = await measureRecords({
      records: 300,
      runs: 2,
      exportRows: 200,
      backend: postgres ? 'both' : 'pglite',
    });
    expectWellFormed(tables);
    if (postgres) expect(budgeted(tables)).toHaveLength(6);
  }, 300_000);
});
