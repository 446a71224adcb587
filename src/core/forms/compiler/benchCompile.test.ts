import { describe, expect, it } from 'vitest';
import { benchCompile, benchDefinition } from './benchCompile';
import { compileForm } from './compileForm';

describe('benchCompile', () => {
  it('given the generated definition, when compiled, then it is valid and warning-free', () => {
    const result = compileForm(benchDefinition(1000));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.form?.sections.flatMap((s) => s.fields)).toHaveLength(1000);
  });

  it('given 1,000 fields, when timed, then the compile time is printed (budget 20 ms, not asserted)', () => {
    const result = benchCompile({ fields: 1000, runs: 20 });
    console.info(
      `compile 1,000 fields: median ${result.medianMs.toFixed(2)} ms, p95 ${result.p95Ms.toFixed(2)} ms, ` +
        `min ${result.minMs.toFixed(2)} ms, first (with schema compile) ${result.firstMs.toFixed(2)} ms`,
    );
    expect(result.fields).toBe(1000);
  });
});
