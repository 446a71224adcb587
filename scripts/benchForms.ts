// `npm run bench:forms`: how Tessera's form runtime compares with a plain React 19 page of
// N controlled, memoised inputs and with @rjsf/core's default theme, on flat forms of
// N = 100, 500 and 1,000 mixed fields, in headless Chromium; and Tessera's runtime on the same
// form with rules (30 % of the fields under visibility conditions, 30 % formulas) against
// that form without them. The method follows the
// performance anchors: a production multi-page build, a static server with COOP/COEP,
// a fresh page per run, keystrokes through the native value setter and an `input` event,
// medians of 5 runs. A benchmark, not a test: it prints figures and the budget ratios.
// `measureForms` answers the same figures as data, for `npm run bench`.
//
//   npm run bench:forms -- [--runs 5] [--sizes 100,500,1000] [--keys 50] [--configs tessera,rules,plain,rjsf]
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { build } from 'vite';
import { benchFields, designerDefinition, rulesDefinition } from '../bench/forms/src/benchFields';
import type { KeystrokeResult, MountResult, ValidationResult } from '../bench/forms/src/harness';
import { CONTENT_SECURITY_POLICY } from '../server/fastify/security';
import { launchBrowser } from '../tests/helpers/browser';
import {
  atMost,
  atMostTimes,
  figure,
  type Budget,
  type Figure,
  type FigureTable,
} from './benchFigures';
import { compileForm } from '../plugins/compiler';

const ROOT = resolve(import.meta.dirname, '..');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  return value && !value.startsWith('--') ? value : fallback;
}

/** The configurations measured, by name. */
export const FORM_CONFIGS = ['tessera', 'rules', 'plain', 'rjsf'] as const;

/**
 * A page of the benchmark, the precompiled form it renders (`bench` or `bench-rules`, then
 * `-N`) and whether it is served with Tessera's CSP.
 */
const PAGES: Readonly<Record<string, { page: string; form?: string; label: string }>> = {
  tessera: { page: 'tessera.html', label: 'Tessera runtime (TaskForm, MobX store)' },
  rules: {
    page: 'tessera.html',
    form: 'bench-rules',
    label: 'Tessera runtime, 30 % conditions + 30 % formulas',
  },
  plain: { page: 'plain.html', label: 'plain React 19, controlled + memo' },
  rjsf: { page: 'rjsf.html', label: '@rjsf/core default theme + validator-ajv8' },
};

// ---------- statistics ----------
function quantile(values: readonly number[], q: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (position - low);
}
const median = (values: readonly number[]) => quantile(values, 0.5);

// ---------- 1. compile the forms (and time the 1,000-field compile) ----------
function compileBenchForm(definition: Record<string, unknown>): unknown {
  const result = compileForm(definition);
  if (!result.form) throw new Error(`the form ${String(definition.id)} did not compile`);
  return result.form;
}

function timeCompile(n: number, reps: number): { cold: number; warm: number } {
  const definition = designerDefinition(benchFields(n));
  let start = performance.now();
  compileForm(definition);
  const cold = performance.now() - start;
  const warm: number[] = [];
  for (let i = 0; i < reps; i += 1) {
    start = performance.now();
    compileForm(definition);
    warm.push(performance.now() - start);
  }
  return { cold, warm: median(warm) };
}

// ---------- 2. the static server ----------
const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

const CSP = Object.entries(CONTENT_SECURITY_POLICY)
  .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
  .join('; ');

/**
 * Serves the build and the compiled forms on 127.0.0.1 with COOP/COEP (cross-origin
 * isolation gives `performance.now()` 5 µs resolution) and, on Tessera's and the plain
 * page, the server's Content-Security-Policy.
 */
export async function serveBench(
  outDir: string,
  forms: ReadonlyMap<string, string>,
): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    const headers: Record<string, string> = {
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'same-origin',
    };
    const formMatch = /^\/forms\/([\w.-]+)\.json$/.exec(url.pathname);
    if (formMatch) {
      const body = forms.get(formMatch[1] ?? '');
      response.writeHead(body ? 200 : 404, { ...headers, 'content-type': MIME['.json'] ?? '' });
      response.end(body ?? 'not found');
      return;
    }
    const path = normalize(join(outDir, decodeURIComponent(url.pathname)));
    let file: Buffer | undefined;
    try {
      if (path.startsWith(outDir) && statSync(path).isFile()) file = readFileSync(path);
    } catch {
      file = undefined;
    }
    if (!file) {
      response.writeHead(404, headers);
      response.end('not found');
      return;
    }
    const withCsp = path.endsWith('.html') && !path.endsWith('rjsf.html');
    response.writeHead(200, {
      ...headers,
      'content-type': MIME[extname(path)] ?? 'application/octet-stream',
      ...(withCsp ? { 'content-security-policy': CSP } : {}),
    });
    response.end(file);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return { server, base: `http://127.0.0.1:${address.port}` };
}

/** Builds the benchmark pages into a fresh temporary folder; answers it. */
export async function buildBenchPages(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'tessera-bench-forms-'));
  process.env.BENCH_FORMS_OUT = outDir;
  await build({ configFile: join(ROOT, 'bench/forms/vite.config.ts'), logLevel: 'warn' });
  return outDir;
}

// ---------- 3. one measurement on a fresh page ----------
/** One page measured. */
export interface Measurement {
  readonly config: string;
  readonly n: number;
  readonly mount: MountResult;
  readonly keys: KeystrokeResult;
  readonly validation: ValidationResult;
  readonly heapBefore: number;
  readonly heapAfterMount: number;
  readonly isolated: boolean;
  readonly problems: string[];
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usage.usedSize;
}

async function measure(
  browser: Browser,
  base: string,
  config: string,
  n: number,
  keyCount: number,
): Promise<Measurement> {
  const page = PAGES[config];
  if (!page) throw new Error(`unknown config ${config}`);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
  });
  const tab = await context.newPage();
  const problems: string[] = [];
  tab.on('pageerror', (error) => problems.push(String(error)));
  tab.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  try {
    const cdp = await context.newCDPSession(tab);
    const form = page.form ? `&form=${page.form}-${n}` : '';
    await tab.goto(`${base}/bench/forms/${page.page}?n=${n}${form}`, { waitUntil: 'load' });
    await tab.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
      timeout: 60_000,
    });
    await tab.waitForTimeout(200);
    const isolated = await tab.evaluate(() => window.crossOriginIsolated);
    const heapBefore = await heapAfterGc(cdp);
    const mount = await tab.evaluate(async () => {
      const bench = window.formBench;
      if (!bench) throw new Error('no harness');
      return bench.mount();
    });
    await tab.waitForTimeout(300);
    const heapAfterMount = await heapAfterGc(cdp);
    const keys = await tab.evaluate(async (count) => {
      const bench = window.formBench;
      if (!bench) throw new Error('no harness');
      return bench.keystrokes({ count, dispatch: true });
    }, keyCount);
    const validation = await tab.evaluate(async () => {
      const bench = window.formBench;
      if (!bench) throw new Error('no harness');
      return bench.validation({ reps: 15 });
    });
    if (!keys.ok) problems.push('the typed value did not reach the DOM and the state');
    return { config, n, mount, keys, validation, heapBefore, heapAfterMount, isolated, problems };
  } finally {
    await context.close();
  }
}

// ---------- 4. report ----------
/** The medians of one config at one size. */
export interface Cell {
  readonly mount: number;
  readonly keyP50: number;
  readonly keyP95: number;
  readonly validateWarm: number;
  readonly validateCold: number;
  readonly submitPaint: number;
  readonly heap: number;
  readonly heapDelta: number;
  readonly domNodes: number;
  readonly problems: number;
}

function summarise(measurements: readonly Measurement[]): Cell {
  const of = (pick: (m: Measurement) => number) => median(measurements.map(pick));
  return {
    mount: of((m) => m.mount.paint),
    keyP50: of((m) => median(m.keys.sync)),
    keyP95: of((m) => quantile(m.keys.sync, 0.95)),
    validateWarm: of((m) => median(m.validation.warm)),
    validateCold: of((m) => m.validation.cold),
    submitPaint: of((m) => median(m.validation.submitPaint)),
    heap: of((m) => m.heapAfterMount / 2 ** 20),
    heapDelta: of((m) => (m.heapAfterMount - m.heapBefore) / 2 ** 20),
    domNodes: of((m) => m.mount.domNodes),
    problems: measurements.reduce((sum, m) => sum + m.problems.length, 0),
  };
}

const fmt = (value: number) =>
  !Number.isFinite(value)
    ? '–'
    : value >= 100
      ? value.toFixed(0)
      : value >= 10
        ? value.toFixed(1)
        : value.toFixed(2);
const ratio = (a: number, b: number) =>
  Number.isFinite(a) && b > 0 ? `${(a / b).toFixed(2)}×` : '–';

/** The budgets at N = 1,000, as ratios to the plain page (the numbers). */
const BUDGETS = { keyP95: 1.2, mount: 1.1, heap: 1.5 } as const;
/**
 * The budgets at N = 5,000: keystroke p95 at most 8 ms and 0.3x plain React, the first
 * screen painted within 300 ms, the heap at most 1.2x plain React's; with rules, keystroke
 * p95 at most 1.2x the same form without them.
 */
const BUDGETS_5000 = {
  keyP95Ms: 8,
  keyP95: 0.3,
  mountMs: 300,
  heap: 1.2,
  rulesKeyP95: 1.2,
} as const;

/** What `measureForms` is asked to run. */
export interface FormsOptions {
  /** Fresh pages per cell (the median is kept). */
  readonly runs: number;
  /** Form sizes, in fields. */
  readonly sizes: readonly number[];
  /** Keystrokes typed per page. */
  readonly keys: number;
  /** Configurations, from FORM_CONFIGS. */
  readonly configs: readonly string[];
  /** Progress lines; silent when absent. */
  readonly log?: (line: string) => void;
}

/** The figures of one `measureForms` run. */
export interface FormsResult {
  /** Every page measured, in order. */
  readonly measurements: readonly Measurement[];
  /** Medians per `config|N`. */
  readonly cells: ReadonlyMap<string, Cell>;
  /** ms to compile the largest designer definition, first and warm (median of 10). */
  readonly compileTimes: { readonly n: number; readonly cold: number; readonly warm: number };
  /** Whether every page was cross-origin isolated (5 µs timer resolution). */
  readonly isolated: boolean;
  /** The figures beside budgets and baselines, one table per size. */
  readonly tables: readonly FigureTable[];
  /** Wall time, s. */
  readonly seconds: number;
}

/** Compiles the forms, builds and serves the pages, and measures each config at each size. */
export async function measureForms(options: FormsOptions): Promise<FormsResult> {
  const { runs, sizes, keys, configs } = options;
  const log = options.log ?? (() => undefined);
  for (const config of configs) if (!PAGES[config]) throw new Error(`unknown config ${config}`);
  const started = Date.now();
  // 1. Compile.
  log('compiling the benchmark forms…');
  const forms = new Map<string, string>();
  for (const n of sizes) {
    const fields = benchFields(n);
    forms.set(`bench-${n}`, JSON.stringify(compileBenchForm(designerDefinition(fields))));
    if (configs.includes('rules')) {
      forms.set(`bench-rules-${n}`, JSON.stringify(compileBenchForm(rulesDefinition(fields))));
    }
  }
  const compileN = Math.max(...sizes);
  const compileTimes = { n: compileN, ...timeCompile(compileN, 10) };
  // 2. Build and serve.
  log('building the pages (vite, production)…');
  const outDir = await buildBenchPages();
  const { server, base } = await serveBench(outDir, forms);
  const browser = await launchBrowser();
  const measurements: Measurement[] = [];
  try {
    // 3. One unrecorded page per config warms the browser's caches; then runs are
    //    interleaved (run, N, config) so drift spreads evenly.
    const smallest = Math.min(...sizes);
    for (const config of configs) await measure(browser, base, config, smallest, keys);
    for (let run = 1; run <= runs; run += 1) {
      for (const n of sizes) {
        for (const config of configs) {
          const result = await measure(browser, base, config, n, keys);
          measurements.push(result);
          log(
            `[run ${run}/${runs}] ${config.padEnd(8)} N=${String(n).padEnd(5)} mount ${fmt(result.mount.paint)} ms` +
              `  key p95 ${fmt(quantile(result.keys.sync, 0.95))} ms  heap ${fmt(result.heapAfterMount / 2 ** 20)} MiB` +
              (result.problems.length > 0
                ? `  PROBLEMS: ${result.problems.join(' | ').slice(0, 300)}`
                : ''),
          );
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  const cells = new Map<string, Cell>();
  for (const config of configs) {
    for (const n of sizes) {
      cells.set(
        `${config}|${n}`,
        summarise(measurements.filter((r) => r.config === config && r.n === n)),
      );
    }
  }
  return {
    measurements,
    cells,
    compileTimes,
    isolated: measurements.every((r) => r.isolated),
    tables: sizes.map((n) => formsTable(cells, n, runs, keys)),
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * Tessera's figures at one size, each against plain React and rjsf measured in the same run
 * (and the rules form against the form without rules), with the budgets of that size
 * (1,000 and 5,000 fields have budgets; the other sizes are for information).
 */
export function formsTable(
  cells: ReadonlyMap<string, Cell>,
  n: number,
  runs: number,
  keys: number,
): FigureTable {
  const tessera = cells.get(`tessera|${n}`);
  const rules = cells.get(`rules|${n}`);
  const figures: Figure[] = [];
  const against = (
    name: string,
    unit: string,
    pick: (cell: Cell) => number,
    own: Cell | undefined,
    budgets: { plain?: Budget[]; alone?: Budget[] } = {},
  ) => {
    if (!own) return;
    const value = pick(own);
    for (const budget of budgets.alone ?? []) figures.push(figure({ name, unit, value, budget }));
    for (const [config, label, configBudgets] of [
      ['plain', 'plain React', budgets.plain ?? []],
      ['rjsf', 'rjsf', []],
    ] as const) {
      const other = cells.get(`${config}|${n}`);
      if (!other) continue;
      const baseline = { name: label, value: pick(other) };
      if (configBudgets.length === 0) figures.push(figure({ name, unit, value, baseline }));
      for (const budget of configBudgets)
        figures.push(figure({ name, unit, value, baseline, budget }));
    }
  };
  const at1000 = n === 1000;
  const at5000 = n === 5000;
  against('keystroke p95', 'ms', (c) => c.keyP95, tessera, {
    alone: at5000 ? [atMost(BUDGETS_5000.keyP95Ms)] : [],
    plain: at5000
      ? [atMostTimes(BUDGETS_5000.keyP95)]
      : at1000
        ? [atMostTimes(BUDGETS.keyP95)]
        : [],
  });
  against('keystroke p50', 'ms', (c) => c.keyP50, tessera);
  against('first screen painted (mount → paint)', 'ms', (c) => c.mount, tessera, {
    alone: at5000 ? [atMost(BUDGETS_5000.mountMs)] : [],
    plain: at1000 ? [atMostTimes(BUDGETS.mount)] : [],
  });
  against('heap after mount', 'MiB', (c) => c.heap, tessera, {
    plain: at5000 ? [atMostTimes(BUDGETS_5000.heap)] : at1000 ? [atMostTimes(BUDGETS.heap)] : [],
  });
  against('validation of the filled form (warm)', 'ms', (c) => c.validateWarm, tessera);
  if (rules && tessera) {
    const without = { name: 'the same form without rules' };
    figures.push(
      figure({
        name: 'with rules: keystroke p95',
        unit: 'ms',
        value: rules.keyP95,
        baseline: { ...without, value: tessera.keyP95 },
        ...(at5000 ? { budget: atMostTimes(BUDGETS_5000.rulesKeyP95) } : {}),
      }),
      figure({
        name: 'with rules: first screen painted',
        unit: 'ms',
        value: rules.mount,
        baseline: { ...without, value: tessera.mount },
      }),
      figure({
        name: 'with rules: heap after mount',
        unit: 'MiB',
        value: rules.heap,
        baseline: { ...without, value: tessera.heap },
      }),
    );
  }
  const problems = [...cells.entries()]
    .filter(([key]) => key.endsWith(`|${n}`))
    .reduce((sum, [, cell]) => sum + cell.problems, 0);
  return {
    title: `Forms, ${n.toLocaleString('en')} fields`,
    note:
      `Tessera's runtime in headless Chromium; medians of ${runs} fresh pages per configuration, ` +
      `${keys} keystrokes each; plain React 19 and rjsf measured in the same run. ` +
      `The first screen is painted once the last control in the DOM lies below the screen ` +
      `(or is the last field's); the typing field is scrolled into view before typing. ` +
      `Page errors or lost keystrokes: ${problems}.`,
    figures,
  };
}

async function main(): Promise<void> {
  const runs = Number(option('runs', '5'));
  const sizes = option('sizes', '100,500,1000').split(',').map(Number);
  const keys = Number(option('keys', '50'));
  const configs = option('configs', FORM_CONFIGS.join(',')).split(',');
  const { measurements, cells, compileTimes, isolated, seconds } = await measureForms({
    runs,
    sizes,
    keys,
    configs,
    log: (line) => console.log(line),
  });

  // 4. Tables.
  const lines: string[] = [];
  lines.push(
    `bench:forms — ${runs} fresh pages per cell, ${keys} keystrokes, Chromium ${configs.map((c) => c).join(' / ')}; medians (ms, MiB)`,
    '',
    '| config | N | mount→paint | key p50 | key p95 | validate warm | validate cold | submit→paint | heap after mount | heap Δ mount | DOM nodes | page errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const n of sizes) {
    for (const config of configs) {
      const c = cells.get(`${config}|${n}`);
      if (!c) continue;
      lines.push(
        `| ${config} | ${n} | ${fmt(c.mount)} | ${fmt(c.keyP50)} | ${fmt(c.keyP95)} | ${fmt(c.validateWarm)} | ${fmt(c.validateCold)} | ${fmt(c.submitPaint)} | ${fmt(c.heap)} | ${fmt(c.heapDelta)} | ${fmt(c.domNodes)} | ${c.problems} |`,
      );
    }
  }
  lines.push(
    '',
    '| ratio to plain | N | mount→paint | key p50 | key p95 | heap after mount | heap Δ mount |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const config of configs.filter((c) => c !== 'plain')) {
    for (const n of sizes) {
      const a = cells.get(`${config}|${n}`);
      const p = cells.get(`plain|${n}`);
      if (!a || !p) continue;
      lines.push(
        `| ${config} / plain | ${n} | ${ratio(a.mount, p.mount)} | ${ratio(a.keyP50, p.keyP50)} | ${ratio(a.keyP95, p.keyP95)} | ${ratio(a.heap, p.heap)} | ${ratio(a.heapDelta, p.heapDelta)} |`,
      );
    }
  }
  const tessera = cells.get('tessera|1000');
  const plain = cells.get('plain|1000');
  if (tessera && plain) {
    const check = (name: string, value: number, base: number, budget: number) =>
      `${name} ${ratio(value, base)} (budget ≤ ${budget}×) ${value / base <= budget ? 'OK' : 'OVER'}`;
    lines.push(
      '',
      `Budgets at N = 1000: ${check('keystroke p95', tessera.keyP95, plain.keyP95, BUDGETS.keyP95)}; ` +
        `${check('mount', tessera.mount, plain.mount, BUDGETS.mount)}; ` +
        `${check('heap', tessera.heap, plain.heap, BUDGETS.heap)}.`,
    );
  }
  for (const n of sizes) {
    const withRules = cells.get(`rules|${n}`);
    const without = cells.get(`tessera|${n}`);
    if (withRules && without) {
      lines.push(
        '',
        `With rules at N = ${n}: keystroke p95 ${ratio(withRules.keyP95, without.keyP95)} the same form without rules` +
          (n === 5000 ? ` (budget ≤ ${BUDGETS_5000.rulesKeyP95}×)` : '') +
          `, mount ${ratio(withRules.mount, without.mount)}, heap ${ratio(withRules.heap, without.heap)}.`,
      );
    }
  }
  lines.push(
    '',
    `Compile of a ${compileTimes.n.toLocaleString('en')}-field designer definition (Node ${process.version}): first ${fmt(compileTimes.cold)} ms, then ${fmt(compileTimes.warm)} ms (median of 10).`,
    `Cross-origin isolated: ${isolated ? 'yes' : 'NO'}. Wall time ${Math.round(seconds)} s.`,
  );
  const report = lines.join('\n');
  console.log(`\n${report}`);
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(
    join(ROOT, 'bench-results', `forms-${stamp}.json`),
    JSON.stringify({ results: measurements, compileTimes }, null, 1),
  );
  writeFileSync(join(ROOT, 'bench-results', `forms-${stamp}.md`), `${report}\n`);
}

// Run only as a script, so `npm run bench` and the e2e tests can import the measuring parts.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'benchForms.ts')) {
  await main();
}
