import type { FieldComparison, VisibilityRule } from '../../../../schemas/forms';
import { ruleInputs } from './visibilityRule';

/** Reads a field's current value by id (`undefined` for a field that is hidden or unknown). */
export type ValueReader = (fieldId: string) => unknown;

const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

// A value as a number when it is one or is written as one ("1200", " 3.5 ").
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

// A value as a boolean when it is one or is written as one ("true", "false").
function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

// A stored value as the text it is compared by: an option's id, a date's ISO text, a
// people field's id. Objects compare by their `id` (or `value`) when they have one.
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { id, value: inner } = value as { id?: unknown; value?: unknown };
    if (typeof id === 'string' || typeof id === 'number') return String(id);
    if (typeof inner === 'string' || typeof inner === 'number') return String(inner);
  }
  return undefined;
}

/**
 * -1, 0 or 1 as `left` is below, equal to or above `right`; `undefined` when they cannot
 * be compared. Booleans compare with booleans (and "true"/"false"), numbers with numbers
 * (and numeric text), anything else as text, so `"2024-05-01" < "2024-06-01"` for dates.
 */
function compare(left: unknown, right: unknown): number | undefined {
  const leftBoolean = booleanOf(left);
  const rightBoolean = booleanOf(right);
  if (leftBoolean !== undefined && rightBoolean !== undefined) {
    return Number(leftBoolean) - Number(rightBoolean);
  }
  const leftNumber = numberOf(left);
  const rightNumber = numberOf(right);
  if (leftNumber !== undefined && rightNumber !== undefined) {
    return Math.sign(leftNumber - rightNumber);
  }
  const leftText = textOf(left);
  const rightText = textOf(right);
  if (leftText === undefined || rightText === undefined) return undefined;
  return leftText < rightText ? -1 : leftText > rightText ? 1 : 0;
}

// Equality of a value and what it is compared with; a list (several choices, several
// people) equals a value it contains.
function equal(left: unknown, right: unknown): boolean {
  if (Array.isArray(left)) return left.some((item) => equal(item, right));
  if (isEmptyValue(left) || isEmptyValue(right)) return isEmptyValue(left) && isEmptyValue(right);
  return compare(left, right) === 0;
}

/** Whether one comparison holds for the values `read` answers. */
export function comparisonHolds(comparison: FieldComparison, read: ValueReader): boolean {
  const left = read(comparison.field);
  const right =
    comparison.otherField !== undefined ? read(comparison.otherField) : comparison.value;
  switch (comparison.op) {
    case 'empty':
      return isEmptyValue(left);
    case 'notEmpty':
      return !isEmptyValue(left);
    case 'equals':
      return equal(left, right);
    case 'notEquals':
      return !equal(left, right);
    default: {
      // An order needs two values: an empty side never passes a limit.
      if (isEmptyValue(left) || isEmptyValue(right)) return false;
      const order = compare(left, right);
      if (order === undefined) return false;
      if (comparison.op === 'lessThan') return order < 0;
      if (comparison.op === 'greaterThan') return order > 0;
      if (comparison.op === 'atMost') return order <= 0;
      return order >= 0;
    }
  }
}

/** Whether a rule holds: any of its groups with all of that group's comparisons. */
export function ruleHolds(rule: VisibilityRule, read: ValueReader): boolean {
  return rule.any.some((group) =>
    group.all.every((comparison) => comparisonHolds(comparison, read)),
  );
}

/** A field as visibility reads it: its id and its rule, when it has one. */
export interface RuledField {
  readonly id: string;
  readonly visibleWhen?: VisibilityRule | undefined;
}

/**
 * The ids of the fields hidden by their rules for these values. A hidden field reads as
 * empty to the rules of others (its value is not sent), so hiding chains: a field shown
 * only when a hidden one is ticked is hidden too. A rule that reaches itself through
 * others cannot be judged and leaves its field shown. No rule runs code: each is data
 * compared by `comparisonHolds`.
 */
export function hiddenFieldIds(
  fields: Iterable<RuledField>,
  values: Readonly<Record<string, unknown>>,
): Set<string> {
  return hiddenFieldIdsBy(fields, (fieldId) =>
    Object.hasOwn(values, fieldId) ? values[fieldId] : undefined,
  );
}

/**
 * `hiddenFieldIds` with values read one by one through `valueOf`: the browser's store
 * passes its observed reader, so a rule is judged again only when a value it read changes.
 */
export function hiddenFieldIdsBy(fields: Iterable<RuledField>, valueOf: ValueReader): Set<string> {
  const rules = new Map<string, VisibilityRule>();
  for (const field of fields) {
    if (field.visibleWhen && !rules.has(field.id)) rules.set(field.id, field.visibleWhen);
  }
  const hidden = new Set<string>();
  if (rules.size === 0) return hidden;
  // Depth first with an explicit stack (a chain of thousands of rules must not overflow
  // the call stack): a field is judged once the ruled fields it reads are.
  const decided = new Map<string, boolean>();
  const onStack = new Set<string>();
  const shownNow = (fieldId: string) => decided.get(fieldId) ?? true;
  const read = (input: string) => (shownNow(input) ? valueOf(input) : undefined);
  for (const start of rules.keys()) {
    if (decided.has(start)) continue;
    const stack = [start];
    onStack.add(start);
    while (stack.length > 0) {
      const fieldId = stack[stack.length - 1] as string;
      const rule = rules.get(fieldId) as VisibilityRule;
      const next = ruleInputs(rule).find(
        (input) => rules.has(input) && !decided.has(input) && !onStack.has(input),
      );
      if (next !== undefined) {
        stack.push(next);
        onStack.add(next);
        continue;
      }
      // Inputs still on the stack close a loop: they count as shown.
      decided.set(fieldId, ruleHolds(rule, read));
      stack.pop();
      onStack.delete(fieldId);
    }
  }
  for (const [fieldId, isShown] of decided) if (!isShown) hidden.add(fieldId);
  return hidden;
}
