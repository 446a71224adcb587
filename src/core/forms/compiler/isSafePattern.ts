import type { CompileWarningCode } from './compileTypes';
import { compileLinearPattern } from './linearPattern';

const MAX_PATTERN_LENGTH = 500;

/**
 * Why a validation pattern from a form definition cannot be used, or `undefined` when it
 * can. Patterns run on a linear-time engine (`compileLinearPattern`), so no pattern can
 * backtrack catastrophically; what is refused is a pattern longer than hand-written
 * validation (`validation.unsafePattern`) and one the engine cannot run: look-around,
 * back-references or invalid syntax (`validation.unsupportedPattern`).
 */
export function patternProblem(
  pattern: string,
):
  | Extract<CompileWarningCode, 'validation.unsafePattern' | 'validation.unsupportedPattern'>
  | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return 'validation.unsafePattern';
  return compileLinearPattern(pattern) === null ? 'validation.unsupportedPattern' : undefined;
}

/** Whether a validation pattern from a form definition may be run against user input. */
export function isSafePattern(pattern: string): boolean {
  return patternProblem(pattern) === undefined;
}
