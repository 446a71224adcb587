import type { ComparisonOp, FieldComparison, VisibilityRule } from '../../../../schemas/forms';
import { ruleOfExpression } from './ruleOfExpression';
import { chainRule, negate } from './visibilityRule';

/** The most links one condition chain may have: far above what a modeler lets one draw. */
const MAX_CHAIN = 100;

const OPERATORS: Readonly<Record<string, ComparisonOp>> = {
  '==': 'equals',
  '!=': 'notEquals',
  '<': 'lessThan',
  '>': 'greaterThan',
  '<=': 'atMost',
  '>=': 'atLeast',
  empty: 'empty',
  '!empty': 'notEmpty',
};

/** What `ruleOfFlowable` read: the rule, or why the condition is not applied. */
export interface FlowableRuleRead {
  /** The rule; absent when there is no condition or it cannot be applied. */
  readonly rule?: VisibilityRule;
  /** Why a written condition is not applied (the field then stays shown), with where. */
  readonly problem?: { readonly reason: string; readonly path: string };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

// One link of the chain as a comparison, or the reason it cannot be one.
function comparisonOf(condition: Record<string, unknown>): FieldComparison | string {
  // The left side: a field of this form (`leftFormFieldId`, or `leftType: field`).
  const leftType = textOf(condition.leftType);
  if (textOf(condition.leftRestResponseId) !== '' || leftType === 'variable') {
    return 'processVariable';
  }
  const field =
    textOf(condition.leftFormFieldId) || (leftType === 'field' ? textOf(condition.leftValue) : '');
  if (field === '') return 'noField';
  const op = OPERATORS[textOf(condition.operator)];
  if (!op) return 'operator';
  if (op === 'empty' || op === 'notEmpty') return { field, op };
  // The right side: another field, or a written value.
  const rightType = textOf(condition.rightType);
  if (textOf(condition.rightRestResponseId) !== '' || rightType === 'variable') {
    return 'processVariable';
  }
  const otherField =
    textOf(condition.rightFormFieldId) ||
    (rightType === 'field' ? textOf(condition.rightValue) : '');
  if (otherField !== '') return { field, op, otherField };
  const value = condition.rightValue;
  return {
    field,
    op,
    value:
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : null,
  };
}

/**
 * Reads a Flowable (and Alfresco Process Services) `visibilityCondition`: a comparison of
 * a field with a value or another field (`==`, `!=`, `<`, `>`, `<=`, `>=`, `empty`,
 * `!empty`), chained by `nextConditionOperator` (`and`, `or`, `and-not`, `or-not`) to
 * `nextCondition`, read left to right. An empty condition (null, `{}`, no left side and no
 * operator) is none. A condition on a process variable or a REST response, or with an
 * operator it does not know, is not applied and says why: the field then stays shown, so
 * nothing the form asks for is hidden by a condition the runtime cannot judge. A condition
 * written as an expression text (`${!empty guarantor}`) is read by `ruleOfExpression`.
 */
export function ruleOfFlowable(written: unknown, path: string): FlowableRuleRead {
  if (typeof written === 'string') return ruleOfExpression(written, path);
  if (!isObject(written)) return {};
  if (textOf(written.operator) === '' && textOf(written.leftFormFieldId) === '') return {};
  let rule: VisibilityRule | undefined;
  let link: string = 'and';
  let condition: unknown = written;
  let at = path;
  for (let step = 0; isObject(condition); step += 1) {
    if (step >= MAX_CHAIN) return { problem: { reason: 'tooLong', path: at } };
    const read = comparisonOf(condition);
    if (typeof read === 'string') return { problem: { reason: read, path: at } };
    const negated = link.endsWith('-not');
    const joiner = link.startsWith('or') ? 'or' : link.startsWith('and') ? 'and' : undefined;
    if (!joiner) return { problem: { reason: 'operator', path: `${at}/nextConditionOperator` } };
    rule = chainRule(rule, joiner, negated ? negate(read) : read);
    link = textOf(condition.nextConditionOperator);
    if (link === '' || !isObject(condition.nextCondition)) break;
    condition = condition.nextCondition;
    at = `${at}/nextCondition`;
  }
  return rule ? { rule } : {};
}
