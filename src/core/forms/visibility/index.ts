// Conditional visibility: one model for the three form formats (see docs/decisions.md).
export {
  comparisonHolds,
  hiddenFieldIds,
  hiddenFieldIdsBy,
  ruleHolds,
  type RuledField,
  type ValueReader,
} from './evaluateVisibility';
export { bothRules, chainRule, negate, ruleInputs, ruleOfDesigner } from './visibilityRule';
export { ruleOfFlowable } from './ruleOfFlowable';
export { ruleOfExpression } from './ruleOfExpression';
