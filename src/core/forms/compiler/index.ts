// The form-definition compiler: pure functions from any definition format to the one
// normalised form and its grid layout.
export type {
  CompileError,
  CompileLimitCode,
  CompileOptions,
  CompileParam,
  CompileResult,
  CompileWarning,
  CompileWarningCode,
  ParsedForm,
  ResolveForm,
} from './compileTypes';
export { compileForm } from './compileForm';
export { detectFormKind } from './detectFormKind';
export { validateDefinition } from './validateDefinition';
export {
  MAX_CONTAINER_NESTING,
  MAX_FORM_FIELDS,
  MAX_JSON_DEPTH,
  measureDefinition,
} from './measureDefinition';
export { parsePlainForm } from './parsePlainForm';
export { parseDesignerForm } from './parseDesignerForm';
export { parseCombinedTask } from './parseCombinedTask';
export { computeLayout } from './computeLayout';
export type { FormLayout, LayoutCell, LayoutRow } from './computeLayout';
export { collectFormulas } from './collectFormulas';
export { listCombinedRefs } from './listCombinedRefs';
export { selectFormPart } from './selectFormPart';
export { localizeText } from './localizeText';
export { isSafePattern, patternProblem } from './isSafePattern';
export { compileLinearPattern, linearRegExp, type LinearPattern } from './linearPattern';
export { ALLOWED_LINK_PROTOCOLS, isAllowedLinkTemplate } from './linkUrl';
export { PATTERN_CODE, patternErrorParams, patternExampleOf } from './patternExample';
