import type { NormalizedField } from '../../../../schemas/forms';
import { compileLinearPattern } from './linearPattern';

/** The code of a value that does not match its field's pattern. */
export const PATTERN_CODE = 'validation.pattern';

/**
 * The text a pattern error shows as the expected format: the field's placeholder, in the
 * first language that has one that itself matches the pattern (`AB-1234`). A placeholder
 * that does not match (`Enter your code`) is an instruction, not a format, and is not
 * shown as one.
 */
export function patternExampleOf(field: NormalizedField): string | undefined {
  const { pattern } = field.validation;
  const { placeholder } = field;
  if (pattern === undefined || placeholder === undefined) return undefined;
  const engine = compileLinearPattern(pattern);
  if (!engine) return undefined;
  const texts =
    typeof placeholder === 'string'
      ? [placeholder]
      : [placeholder.en, placeholder.es, placeholder.fr];
  return texts.find((text) => text !== undefined && text.trim() !== '' && engine.test(text));
}

/**
 * The params of a field's pattern error: with an example, the `example` context picks the
 * message that names the format ("Use the format: AB-1234"); without one, the general
 * message stays.
 */
export function patternErrorParams(field: NormalizedField): Record<string, string> {
  const example = patternExampleOf(field);
  return example === undefined ? {} : { context: 'example', example };
}
