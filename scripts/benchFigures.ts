// The shape every benchmark's measuring function answers, so `npm run bench` can put each
// figure beside its budget and its same-run baseline without reading printed text.
import { spawnSync } from 'node:child_process';
import { cpus, freemem, loadavg, release, totalmem, type as osType } from 'node:os';

/** A limit on a figure: on its value, or on its ratio to the baseline measured beside it. */
export interface Budget {
  /** The limit, in the figure's unit (`on: 'value'`) or as a ratio (`on: 'ratio'`). */
  readonly limit: number;
  /** What the limit bounds. */
  readonly on: 'value' | 'ratio';
  /** `true`: the figure must stay at or under the limit; `false`: at or over it. */
  readonly atMost: boolean;
}

/** A figure measured in the same run for comparison (plain React, one server process...). */
export interface Baseline {
  /** What it is. */
  readonly name: string;
  /** Its value, in the figure's unit. */
  readonly value: number;
}

/** One measured figure, with its budget and baseline when it has them. */
export interface Figure {
  /** What was measured. */
  readonly name: string;
  /** Its unit: `ms`, `KiB`, `MiB`, `requests/s`... */
  readonly unit: string;
  /** The measured value. */
  readonly value: number;
  /** Its budget, if one is written down. */
  readonly budget?: Budget;
  /** The same measure of the baseline, in the same run. */
  readonly baseline?: Baseline;
  /** value / baseline value, when there is a baseline. */
  readonly ratio?: number;
  /** Whether the budget is met; absent without a budget. */
  readonly met?: boolean;
}

/** A group of figures of one benchmark, printed as one table. */
export interface FigureTable {
  /** The table's title. */
  readonly title: string;
  /** How the figures were taken, in a sentence or two. */
  readonly note?: string;
  /** Its rows. */
  readonly figures: readonly Figure[];
}

/** Builds a figure, working out its ratio to the baseline and whether its budget is met. */
export function figure(input: {
  name: string;
  unit: string;
  value: number;
  budget?: Budget;
  baseline?: Baseline;
}): Figure {
  const ratio =
    input.baseline && input.baseline.value > 0 ? input.value / input.baseline.value : undefined;
  const bounded = input.budget?.on === 'ratio' ? ratio : input.value;
  const met =
    input.budget === undefined || bounded === undefined || !Number.isFinite(bounded)
      ? undefined
      : input.budget.atMost
        ? bounded <= input.budget.limit
        : bounded >= input.budget.limit;
  return {
    ...input,
    ...(ratio === undefined ? {} : { ratio }),
    ...(met === undefined && input.budget === undefined ? {} : { met: met ?? false }),
  };
}

/** At most `limit` of the figure's unit. */
export const atMost = (limit: number): Budget => ({ limit, on: 'value', atMost: true });
/** At least `limit` of the figure's unit. */
export const atLeast = (limit: number): Budget => ({ limit, on: 'value', atMost: false });
/** At most `limit` times the baseline. */
export const atMostTimes = (limit: number): Budget => ({ limit, on: 'ratio', atMost: true });
/** At least `limit` times the baseline. */
export const atLeastTimes = (limit: number): Budget => ({ limit, on: 'ratio', atMost: false });

/** The middle value (the lower middle of an even count), NaN when empty. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** The machine a run happened on, so figures from two machines are not compared blindly. */
export interface MachineInfo {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly freeMemoryGiB: number;
  readonly node: string;
  readonly os: string;
  /** 1, 5 and 15 minute load averages. */
  readonly load: readonly [number, number, number];
}

/** Describes this machine now. */
export function machineInfo(): MachineInfo {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  const prettyName = spawnSync(
    'sh',
    ['-c', '. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME"'],
    {
      encoding: 'utf8',
    },
  ).stdout.trim();
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: totalmem() / 2 ** 30,
    freeMemoryGiB: freemem() / 2 ** 30,
    node: process.version,
    os: `${prettyName || osType()} (${osType()} ${release()})`,
    load: [one, five, fifteen],
  };
}
