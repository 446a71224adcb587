// The benchmark form, the same for every page: N flat fields cycling through six kinds,
// every third one required (all the text and choice fields), as in the anchors.

/** The kinds of field, in the order they repeat. */
export const KINDS = ['string', 'number', 'integer', 'enum', 'boolean', 'date'] as const;
/** One kind. */
export type Kind = (typeof KINDS)[number];

/** The five choices of the choice fields. */
export const CHOICES = ['alpha', 'bravo', 'charlie', 'delta', 'echo'] as const;
/** Bounds of the whole-number fields. */
export const INTEGER_MIN = 0;
/** Upper bound of the whole-number fields. */
export const INTEGER_MAX = 1000;

/** One field of the benchmark form. */
export interface BenchField {
  /** `f<index>`. */
  readonly key: string;
  /** Its position. */
  readonly index: number;
  /** Its kind. */
  readonly kind: Kind;
  /** Its label. */
  readonly label: string;
  /** Whether it must be filled. */
  readonly required: boolean;
}

/** The N fields. */
export function benchFields(n: number): BenchField[] {
  return Array.from({ length: n }, (_, index) => {
    const kind = KINDS[index % KINDS.length] ?? 'string';
    return {
      key: `f${index}`,
      index,
      kind,
      label: `Field ${index} (${kind})`,
      required: index % 3 === 0,
    };
  });
}

/** The field typed into: the first text field at or after the middle of the form. */
export function typingIndex(n: number): number {
  let index = Math.floor(n / 2);
  while (KINDS[index % KINDS.length] !== 'string') index += 1;
  return index;
}

/** A valid value for every field, for the validation phase. */
export function filledValues(fields: readonly BenchField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { key, index, kind } of fields) {
    values[key] =
      kind === 'string'
        ? `value ${index}`
        : kind === 'number'
          ? Math.round(index * 150) / 100 + 0.25
          : kind === 'integer'
            ? index % (INTEGER_MAX + 1)
            : kind === 'enum'
              ? CHOICES[index % CHOICES.length]
              : kind === 'boolean'
                ? index % 2 === 0
                : `2024-${String((index % 12) + 1).padStart(2, '0')}-15`;
  }
  return values;
}

/**
 * The form as a designer definition (`DSG-`), four fields a row on desktop, two on
 * tablet, one on phone, as the plain page's four-column grid.
 */
export function designerDefinition(fields: readonly BenchField[]): Record<string, unknown> {
  return {
    id: `DSG-bench-${fields.length}`,
    name: `Benchmark form of ${fields.length} fields`,
    fields: fields.map(({ key, kind, label, required }) => {
      const base = { id: key, label, desktopWidth: 3, tabWidth: 6, phoneWidth: 12 };
      const validation = required ? { validation: { required: true } } : {};
      switch (kind) {
        case 'string':
          return { ...base, type: 'input', ...validation };
        case 'number':
          return { ...base, type: 'number', config: { numberKind: 'decimal' } };
        case 'integer':
          return {
            ...base,
            type: 'number',
            config: { numberKind: 'integer' },
            validation: { min: INTEGER_MIN, max: INTEGER_MAX },
          };
        case 'enum':
          return {
            ...base,
            type: 'dropdown',
            options: CHOICES.map((value) => ({ name: value, value })),
            ...validation,
          };
        case 'boolean':
          return { ...base, type: 'boolean' };
        case 'date':
          return { ...base, type: 'date' };
      }
    }),
  };
}

/** The same form as a draft-07 JSON Schema, for the rjsf page. */
export function jsonSchema(fields: readonly BenchField[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const { key, kind, label } of fields) {
    properties[key] =
      kind === 'string'
        ? { type: 'string', title: label }
        : kind === 'number'
          ? { type: 'number', title: label }
          : kind === 'integer'
            ? { type: 'integer', title: label, minimum: INTEGER_MIN, maximum: INTEGER_MAX }
            : kind === 'enum'
              ? { type: 'string', title: label, enum: [...CHOICES] }
              : kind === 'boolean'
                ? { type: 'boolean', title: label }
                : { type: 'string', title: label, format: 'date' };
  }
  return {
    type: 'object',
    title: 'Benchmark form',
    properties,
    required: fields.filter((field) => field.required).map((field) => field.key),
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The plain page's hand-written checks: the least a validation can cost. */
export function handValidate(
  fields: readonly BenchField[],
  values: Readonly<Record<string, unknown>>,
): number {
  let count = 0;
  for (const { key, kind, required } of fields) {
    const value = values[key];
    let bad = false;
    if (value === undefined || value === null || value === '') bad = required;
    else if (kind === 'string') bad = typeof value !== 'string';
    else if (kind === 'number') bad = typeof value !== 'number' || Number.isNaN(value);
    else if (kind === 'integer') {
      bad =
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < INTEGER_MIN ||
        value > INTEGER_MAX;
    } else if (kind === 'enum') bad = !(CHOICES as readonly unknown[]).includes(value);
    else if (kind === 'boolean') bad = typeof value !== 'boolean';
    else bad = typeof value !== 'string' || !ISO_DATE.test(value);
    if (bad) count += 1;
  }
  return count;
}

/** The share of fields the rules form shows under a visibility condition. */
export const CONDITIONED_SHARE = 0.3;
/** The share of fields the rules form computes with a formula. */
export const FORMULA_SHARE = 0.3;

/**
 * What each field of the rules form carries: in every ten fields, three formulas (positions
 * 1, 4, 7) and three fields under a visibility condition (2, 5, 8), 30 % each. The typing
 * field and the last field (whose appearance ends the mount's timing) carry none.
 */
export function ruleOf(index: number, n: number): 'formula' | 'condition' | 'none' {
  if (index === typingIndex(n) || index === n - 1) return 'none';
  const position = index % 10;
  if (position === 1 || position === 4 || position === 7) return 'formula';
  if (position === 2 || position === 5 || position === 8) return 'condition';
  return 'none';
}

/** The nearest number field before `index` that is not itself a formula, if any. */
function numberSource(index: number, n: number): string | undefined {
  for (let other = index - 1; other >= 0; other -= 1) {
    const kind = KINDS[other % KINDS.length];
    if ((kind === 'number' || kind === 'integer') && ruleOf(other, n) !== 'formula') {
      return `f${other}`;
    }
  }
  return undefined;
}

/**
 * The benchmark form with rules: the same N fields and layout as `designerDefinition`, 30 %
 * of them replaced by formulas over an earlier number field and 30 % shown under a condition
 * on a neighbouring field. Every tenth formula and condition reads the typing field, so each
 * keystroke re-evaluates some of them, as a form whose rules hang off what is being typed.
 * Every condition holds on the values the bench types, so the same fields are on screen as in
 * the form without rules and the two forms' keystrokes are comparable.
 */
export function rulesDefinition(fields: readonly BenchField[]): Record<string, unknown> {
  const n = fields.length;
  const typing = `f${typingIndex(n)}`;
  const plain = designerDefinition(fields);
  const plainFields = plain.fields as Record<string, unknown>[];
  let formulas = 0;
  let conditions = 0;
  return {
    ...plain,
    id: `DSG-bench-rules-${n}`,
    name: `Benchmark form of ${n} fields with rules`,
    fields: plainFields.map((field, index) => {
      const rule = ruleOf(index, n);
      if (rule === 'formula') {
        formulas += 1;
        const source = numberSource(index, n);
        const base = source ? `COALESCE(${source}, 0) * 2 + ${index}` : String(index);
        const expression = formulas % 10 === 1 ? `${base} + LEN(COALESCE(${typing}, ''))` : base;
        return {
          id: field.id,
          label: field.label,
          desktopWidth: field.desktopWidth,
          tabWidth: field.tabWidth,
          phoneWidth: field.phoneWidth,
          type: 'formula',
          config: { expression, decimals: 2 },
        };
      }
      if (rule === 'condition') {
        conditions += 1;
        const on = conditions % 10 === 1 ? typing : `f${index - 1}`;
        return { ...field, visibleWhen: { field: on, op: 'notEquals', value: 'hide me' } };
      }
      return field;
    }),
  };
}
