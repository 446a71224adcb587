// `npm run bench:bpmn`: how long the BPMN parser takes, and how much memory, on files made
// large on purpose: a chain of 1,000 to 10,000 (or --huge: 100,000) flow elements, and a
// chain of 100 to 1,000 sub-processes each carrying a boundary timer. Prints the median of
// --runs parses per file, the time per element, each size's time against the smallest one's
// (linear growth keeps time per element flat), and the budgets: under 1 s for 10,000
// elements and for 1,000 sub-processes. A benchmark, not a test: see parseGrowth.test.ts.
//
//   npm run bench:bpmn -- [--runs 3] [--huge]
import { performance } from 'node:perf_hooks';
import { parseProcessDefinition } from '../server/engine/parse/parseProcessDefinition';
import { ServiceHandlerRegistry } from '../server/engine/ServiceHandlerRegistry';
import { chainProcess, subProcessChain } from '../server/engine/testing/generatedProcesses';
import { median } from '../tests/helpers/median';

const runsIndex = process.argv.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Math.max(1, Number(process.argv[runsIndex + 1]) || 3) : 3;
const HUGE = process.argv.includes('--huge');
const BUDGET_MS = 1000;

const handlers = new ServiceHandlerRegistry();

/** Parses `xml` RUNS times; the median time and the heap grown by the last parse. */
async function measure(xml: string): Promise<{ ms: number; heapMb: number }> {
  const times: number[] = [];
  let heapMb = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const result = await parseProcessDefinition(xml, { serviceHandlers: handlers });
    times.push(performance.now() - started);
    heapMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    if ('errors' in result) {
      throw new Error(`The generated file was refused: ${result.errors[0]?.message ?? ''}`);
    }
  }
  return { ms: median(times), heapMb };
}

async function series(
  title: string,
  sizes: readonly number[],
  unit: [one: string, many: string],
  make: (size: number) => string,
  budgetAt: number,
): Promise<void> {
  console.log(`\n${title}`);
  let first: { size: number; ms: number } | undefined;
  for (const size of sizes) {
    const xml = make(size);
    const { ms, heapMb } = await measure(xml);
    first ??= { size, ms };
    const growth = ms / first.ms / (size / first.size);
    const budget =
      size === budgetAt ? `  budget < ${BUDGET_MS} ms: ${ms < BUDGET_MS ? 'met' : 'MISSED'}` : '';
    console.log(
      `  ${size.toLocaleString('en')} ${unit[1]} (${(xml.length / 2 ** 20).toFixed(2)} MiB): ` +
        `${ms.toFixed(0)} ms, ${((ms * 1000) / size).toFixed(1)} µs per ${unit[0]}, ` +
        `heap +${heapMb.toFixed(0)} MiB, growth x${growth.toFixed(2)} of linear${budget}`,
    );
  }
}

// One small parse first, so module loading and the meta-models' set-up count nowhere.
await measure(chainProcess(50));
console.log(`BPMN parsing, median of ${RUNS} runs`);
await series(
  'A chain of tasks and flows',
  HUGE ? [1000, 10_000, 100_000] : [1000, 2500, 5000, 10_000],
  ['element', 'elements'],
  chainProcess,
  10_000,
);
await series(
  'Sub-processes, each with a boundary timer',
  [100, 250, 500, 1000],
  ['sub-process', 'sub-processes'],
  subProcessChain,
  1000,
);
