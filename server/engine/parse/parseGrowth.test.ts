import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { parseProcessDefinition } from './parseProcessDefinition';
import { ServiceHandlerRegistry } from '../ServiceHandlerRegistry';
import { chainProcess, subProcessChain } from '../testing/generatedProcesses';

const handlers = new ServiceHandlerRegistry();

/**
 * The fastest of `runs` parses of `xml`, in ms: the least disturbed by whatever else the
 * machine runs, so a ratio of two such times says how the work grew, not how busy it was.
 */
async function fastestParse(xml: string, runs = 2): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const result = await parseProcessDefinition(xml, { serviceHandlers: handlers });
    fastest = Math.min(fastest, performance.now() - started);
    expect(result).not.toHaveProperty('errors');
  }
  return fastest;
}

// Growth by ratio, never a time: four times the file may take at most eight times as long.
// Linear parsing takes about four; parsing that grows with the square takes sixteen and
// more (1,000 sub-processes once took 31 s where 250 took 1.5 s). Budgets in seconds are
// the benchmark's (`npm run bench:bpmn`).
const SIZE_FACTOR = 4;
const MOST_GROWTH = 8;

describe('parsing grows with the file, not with its square', () => {
  it('given 250 and then 1,000 sub-processes with boundary timers, when parsed, then four times the file takes less than eight times as long', async () => {
    await fastestParse(chainProcess(50), 1);
    const small = await fastestParse(subProcessChain(250));
    const large = await fastestParse(subProcessChain(250 * SIZE_FACTOR));
    expect(large / small).toBeLessThan(MOST_GROWTH);
  }, 120_000);

  it('given 2,500 and then 10,000 flow elements, when parsed, then four times the file takes less than eight times as long', async () => {
    await fastestParse(chainProcess(50), 1);
    const small = await fastestParse(chainProcess(2500));
    const large = await fastestParse(chainProcess(2500 * SIZE_FACTOR));
    expect(large / small).toBeLessThan(MOST_GROWTH);
  }, 120_000);
});
