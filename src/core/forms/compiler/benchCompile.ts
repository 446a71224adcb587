import type { DesignerField, DesignerForm } from '../../../../schemas/forms';
import { compileForm } from './compileForm';
import { computeLayout } from './computeLayout';

/** What `benchCompile` measured, in milliseconds. */
export interface CompileBenchResult {
  /** Fields in the generated definition. */
  readonly fields: number;
  /** Timed runs after the first. */
  readonly runs: number;
  /** The first compile, which also compiles the format schema's validator. */
  readonly firstMs: number;
  /** Median of the timed runs. */
  readonly medianMs: number;
  /** 95th percentile of the timed runs. */
  readonly p95Ms: number;
  /** Fastest timed run. */
  readonly minMs: number;
  /** Warnings the definition produced (expected: none). */
  readonly warnings: number;
}

/**
 * A realistic designer definition of `count` fields in sections of 50: text, numbers,
 * dates, dropdowns with options, checkboxes, multiline text, headlines, and one formula
 * every tenth field reading earlier numbers, so the formula graph is part of the cost.
 */
export function benchDefinition(count: number): DesignerForm {
  const sections: NonNullable<DesignerForm['sections']> = [];
  let numbers: string[] = [];
  for (let start = 0; start < count; start += 50) {
    const fields: DesignerField[] = [];
    for (let i = start; i < Math.min(count, start + 50); i += 1) {
      const id = `f${i}`;
      const label = { en: `Field ${i}`, es: `Campo ${i}`, fr: `Champ ${i}` };
      const widths = { desktopWidth: [3, 4, 6, 12][i % 4], tabWidth: 6, phoneWidth: 12 };
      const kind = i % 10;
      let field: DesignerField;
      if (kind === 9 && numbers.length >= 2) {
        field = {
          id,
          type: 'formula',
          label,
          ...widths,
          config: { expression: `ROUND(${numbers.slice(-2).join(' + ')} * 1.05, 2)` },
        };
      } else if (kind === 0) {
        field = { id, type: 'headline', label };
      } else if (kind === 1 || kind === 5) {
        field = {
          id,
          type: 'number',
          label,
          ...widths,
          validation: { required: true, min: 0, max: 1e7 },
        };
        numbers.push(id);
      } else if (kind === 2) {
        field = {
          id,
          type: 'dropdown',
          label,
          ...widths,
          options: ['a', 'b', 'c', 'd'].map((value) => ({ name: { en: value, es: value }, value })),
        };
      } else if (kind === 3) {
        field = { id, type: 'date', label, ...widths };
      } else if (kind === 4) {
        field = { id, type: 'multiline', label, ...widths, config: { maxLength: 500 } };
      } else if (kind === 6) {
        field = {
          id,
          type: 'checkbox',
          label,
          ...widths,
          options: [
            { name: 'x', value: 'x' },
            { name: 'y', value: 'y' },
          ],
        };
      } else {
        field = {
          id,
          type: 'input',
          label,
          ...widths,
          validation: { maxLength: 80, pattern: '^[A-Za-z ]*$' },
        };
      }
      fields.push(field);
    }
    sections.push({ id: `s${start / 50}`, title: `Section ${start / 50 + 1}`, fields });
    numbers = numbers.slice(-2);
  }
  return { id: `DSG-bench-${count}`, name: `Bench ${count}`, sections };
}

/**
 * Times `compileForm` (schema check, parse, ids, formulas) plus the layout of every
 * section on a generated definition; `npm run bench:forms` prints this beside the
 * runtime numbers.
 */
export function benchCompile(options: { fields?: number; runs?: number } = {}): CompileBenchResult {
  const count = options.fields ?? 1000;
  const runs = options.runs ?? 30;
  const definition = benchDefinition(count);
  const once = (): { ms: number; warnings: number } => {
    const started = performance.now();
    const result = compileForm(definition);
    for (const section of result.form?.sections ?? []) computeLayout(section.fields);
    return { ms: performance.now() - started, warnings: result.warnings.length };
  };
  const first = once();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) times.push(once().ms);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    fields: count,
    runs,
    firstMs: first.ms,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    minMs: times[0] ?? 0,
    warnings: first.warnings,
  };
}
