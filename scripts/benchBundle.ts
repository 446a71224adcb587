// `npm run bench:bundle`: what the built SPA weighs, all of its JS and all of its CSS, raw and
// gzip (level 9), from `dist/client` as `npm run build` leaves it. What the sign-in page
// itself downloads (budget 250 KiB gzip) is measured in a browser by `bench:start`; this
// is the whole application, for reference: no budget is written for it.
// `measureBundle` answers the figures as data, for `npm run bench`.
//
//   npm run bench:bundle -- [--dir dist/client]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { atMost, figure, type Figure, type FigureTable } from './benchFigures';
import { LOGIN_BUDGET_KIB, type LoginWeight } from './benchStart';

/**
 * The most script /login may load, raw: the weight of issue 25's build plus 2 %, the budget
 * tests/e2e/lazyPlugins.test.ts holds (717,078 bytes + 2 %), in KiB.
 */
const LOGIN_SCRIPT_BUDGET_KIB = Math.round(717_078 * 1.02) / 1024;

/** Files, raw KiB and gzip KiB of one kind of asset. */
export interface AssetWeight {
  readonly files: number;
  readonly rawKiB: number;
  readonly gzipKiB: number;
}

/** The whole SPA's scripts and style sheets. */
export interface BundleResult {
  readonly js: AssetWeight;
  readonly css: AssetWeight;
}

function filesBelow(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/** Weighs every `.js` and `.css` file below the built client folder. */
export function measureBundle(clientDir: string): BundleResult {
  const weigh = (extension: string): AssetWeight => {
    const bodies = filesBelow(clientDir)
      .filter((path) => extname(path) === extension)
      .map((path) => readFileSync(path));
    if (bodies.length === 0) throw new Error(`no ${extension} files in ${clientDir}`);
    return {
      files: bodies.length,
      rawKiB: bodies.reduce((sum, body) => sum + body.length, 0) / 1024,
      gzipKiB: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
    };
  };
  return { js: weigh('.js'), css: weigh('.css') };
}

/**
 * The bundle table: what /login loads (from `bench:start`, with its budget) and the whole
 * SPA's JS and CSS. The sign-in page's gzip weight has the whole SPA's as its baseline, so the
 * ratio says what share of the application the first page downloads.
 */
export function bundleTable(bundle: BundleResult, login?: LoginWeight): FigureTable {
  const whole = bundle.js.gzipKiB + bundle.css.gzipKiB;
  const figures: Figure[] = [];
  if (login) {
    figures.push(
      figure({
        name: `/login JS + CSS, gzip (${login.files} files)`,
        unit: 'KiB',
        value: login.gzipKiB,
        budget: atMost(LOGIN_BUDGET_KIB),
        baseline: { name: 'whole SPA JS + CSS, gzip', value: whole },
      }),
      figure({
        name: '/login JS alone, raw',
        unit: 'KiB',
        value: login.scriptRawKiB,
        budget: atMost(LOGIN_SCRIPT_BUDGET_KIB),
        baseline: { name: 'whole SPA JS, raw', value: bundle.js.rawKiB },
      }),
      figure({
        name: '/login JS + CSS, raw',
        unit: 'KiB',
        value: login.rawKiB,
        baseline: {
          name: 'whole SPA JS + CSS, raw',
          value: bundle.js.rawKiB + bundle.css.rawKiB,
        },
      }),
    );
  }
  figures.push(
    figure({
      name: `whole SPA JS, gzip (${bundle.js.files} files)`,
      unit: 'KiB',
      value: bundle.js.gzipKiB,
    }),
    figure({ name: 'whole SPA JS, raw', unit: 'KiB', value: bundle.js.rawKiB }),
    figure({
      name: `whole SPA CSS, gzip (${bundle.css.files} files)`,
      unit: 'KiB',
      value: bundle.css.gzipKiB,
    }),
    figure({ name: 'whole SPA CSS, raw', unit: 'KiB', value: bundle.css.rawKiB }),
  );
  return {
    title: 'Bundle sizes',
    note:
      'What /login downloads, counted in Chromium by `bench:start`, and every JS and CSS file of ' +
      '`dist/client` (gzip level 9). The whole SPA has no written budget: it is for reference.',
    figures,
  };
}

function main(): void {
  const index = process.argv.indexOf('--dir');
  const dir = resolve(index >= 0 ? (process.argv[index + 1] ?? '') : 'dist/client');
  const { js, css } = measureBundle(dir);
  console.log('| assets | files | raw KiB | gzip KiB |');
  console.log('|---|---:|---:|---:|');
  for (const [name, weight] of [
    ['JS', js],
    ['CSS', css],
  ] as const) {
    console.log(
      `| ${name} | ${weight.files} | ${weight.rawKiB.toFixed(1)} | ${weight.gzipKiB.toFixed(1)} |`,
    );
  }
}

// Run only as a script, so `npm run bench` and the e2e tests can import `measureBundle`.
if (
  process.argv[1] &&
  resolve(process.argv[1]) === resolve(import.meta.dirname, 'benchBundle.ts')
) {
  main();
}
