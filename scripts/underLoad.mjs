// Proves a test stage under load: runs it N times in a row while a CPU load runs beside it,
// then prints the failures per test and the slowest files. A test that passes on a quiet
// machine and fails on a busy one is racing the machine (or a person's click), and this is
// where it shows.
//
//   node scripts/underLoad.mjs [--runs 5] [--stage e2e|server|both] [--load busy|server|none]
//                              [--keep-going] [test files or name filters...]
//
// --load busy    one busy loop per core (default): the machine has no idle core left.
// --load server  the server integration stage in a loop beside the runs: a second test
//                process, as when two test runs share a CI machine.
// --keep-going   runs all N even after a failure (by default the proof stops at the first
//                failing run, since "N in a row" is already lost).
//
// The SPA is built once before the first end-to-end run. Exit code 0 only when every run
// passed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const args = process.argv.slice(2);
const options = { runs: 5, stage: 'e2e', load: 'busy', keepGoing: false, filters: [] };
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i];
  if (arg === '--runs') options.runs = Number(args[++i]);
  else if (arg === '--stage') options.stage = args[++i];
  else if (arg === '--load') options.load = args[++i];
  else if (arg === '--keep-going') options.keepGoing = true;
  else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
  else options.filters.push(arg);
}
if (!Number.isInteger(options.runs) || options.runs < 1) usage('--runs takes a whole number');
if (!['e2e', 'server', 'both'].includes(options.stage)) usage('--stage is e2e, server or both');
if (!['busy', 'server', 'none'].includes(options.load)) usage('--load is busy, server or none');

function usage(problem) {
  console.error(
    `${problem}\nusage: node scripts/underLoad.mjs [--runs N] [--stage e2e|server|both]`,
  );
  console.error('       [--load busy|server|none] [--keep-going] [test files...]');
  process.exit(2);
}

const projects = options.stage === 'both' ? ['server', 'e2e'] : [options.stage];
const reports = mkdtempSync(join(tmpdir(), 'tessera-under-load-'));

/** Starts the load; answers its stopper. */
function startLoad() {
  if (options.load === 'none') return () => {};
  if (options.load === 'busy') {
    const spinners = Array.from({ length: availableParallelism() }, () =>
      spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
    );
    return () => spinners.forEach((child) => child.kill('SIGKILL'));
  }
  // A second test process: the server stage again and again until the proof ends.
  let stopped = false;
  let child = null;
  const loop = () => {
    if (stopped) return;
    child = spawn('npx', ['vitest', 'run', '--project', 'server', '--reporter=dot'], {
      stdio: 'ignore',
      detached: true,
    });
    child.on('close', loop);
  };
  loop();
  return () => {
    stopped = true;
    if (child?.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
}

/** Runs one stage once; answers its test results (vitest's JSON report). */
function runStage(project, run) {
  const outputFile = join(reports, `${project}-${run}.json`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        project,
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${outputFile}`,
        ...options.filters,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('close', (code) => {
      let report = { testResults: [] };
      try {
        report = JSON.parse(readFileSync(outputFile, 'utf8'));
      } catch {
        // No report: the run died before writing it; its exit code says so.
      }
      resolve({ project, run, code, seconds: (Date.now() - started) / 1000, report });
    });
  });
}

if (projects.includes('e2e')) {
  const built = spawnSync('node', ['scripts/ensureChromium.mjs'], { stdio: 'inherit' });
  const build = built.status === 0 && spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (!build || build.status !== 0) {
    console.error('The build failed; nothing was run.');
    process.exit(1);
  }
}

const stopLoad = startLoad();
process.on('SIGINT', () => {
  stopLoad();
  process.exit(130);
});
const results = [];
const failures = new Map();
const fileSeconds = new Map();
let passedInARow = 0;
let inARow = true;
try {
  for (let run = 1; run <= options.runs; run += 1) {
    let runPassed = true;
    for (const project of projects) {
      const load = loadavg()[0].toFixed(1);
      console.log(
        `\n== run ${run}/${options.runs}: ${project} (load ${load}, ${options.load} load beside it)`,
      );
      const result = await runStage(project, run);
      results.push(result);
      for (const file of result.report.testResults ?? []) {
        const name = relative(process.cwd(), file.name);
        const seconds = ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000;
        fileSeconds.set(name, [...(fileSeconds.get(name) ?? []), seconds]);
        for (const test of file.assertionResults ?? []) {
          if (test.status !== 'failed') continue;
          const key = `${name} > ${test.fullName}`;
          failures.set(key, [...(failures.get(key) ?? []), `run ${run}`]);
        }
        if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
          const key = `${name} (the file failed before its tests: ${String(file.message).slice(0, 160)})`;
          failures.set(key, [...(failures.get(key) ?? []), `run ${run}`]);
        }
      }
      const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
      console.log(`== run ${run}: ${project} ${verdict} in ${result.seconds.toFixed(0)} s`);
      if (result.code !== 0) runPassed = false;
    }
    if (runPassed && inARow) passedInARow += 1;
    if (!runPassed) inARow = false;
    if (!runPassed && !options.keepGoing) break;
  }
} finally {
  stopLoad();
  rmSync(reports, { recursive: true, force: true });
}

console.log(`\n# Under load (${options.load}): ${options.runs} run(s) of ${projects.join(' + ')}`);
console.log('\n| run | stage | result | seconds |\n|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.run} | ${r.project} | ${r.code === 0 ? 'pass' : 'FAIL'} | ${r.seconds.toFixed(0)} |`,
  );
}
console.log(`\nPassed in a row from the first run: ${passedInARow} of ${options.runs}.`);
if (failures.size === 0) console.log('\nFailures per test: none.');
else {
  console.log('\nFailures per test:');
  for (const [test, runs] of failures)
    console.log(`- ${runs.length}x ${test} (${runs.join(', ')})`);
}
const slowest = [...fileSeconds]
  .map(([file, all]) => [file, Math.max(...all), all.reduce((a, b) => a + b, 0) / all.length])
  .sort((a, b) => b[2] - a[2])
  .slice(0, 10);
console.log('\nSlowest ten files (mean / max seconds):');
for (const [file, max, mean] of slowest)
  console.log(`- ${file}: ${mean.toFixed(1)} / ${max.toFixed(1)}`);
const allPassed =
  results.every((r) => r.code === 0) && results.length === options.runs * projects.length;
process.exit(allPassed ? 0 : 1);
