import type { PlainField } from '../../../../schemas/forms';
import type { PlainLimitName } from '../plugins/defineFieldRules';
import type { CompileWarning } from './compileTypes';

/**
 * A limit as written at the top level or in `params`, as `read` makes it out: `undefined`
 * when unset (absent, null or empty), and `undefined` with a `validation.invalidLimit`
 * warning when it is something `read` cannot use (`"ten"`, `-5`, `2.5` for a length), so
 * an author learns that the form checks less than it says.
 */
export function limitOf<L>(
  source: PlainField,
  name: PlainLimitName,
  read: (written: unknown) => L | undefined,
  path: string,
  warnings: CompileWarning[],
): L | undefined {
  const atTop = source[name] != null;
  const written: unknown = atTop ? source[name] : source.params?.[name];
  if (written == null || (typeof written === 'string' && written.trim() === '')) return undefined;
  const limit = read(written);
  if (limit !== undefined) return limit;
  warnings.push({
    code: 'validation.invalidLimit',
    path: `${path}${atTop ? '' : '/params'}/${name}`,
    params: { limit: name, value: typeof written === 'string' ? written : JSON.stringify(written) },
  });
  return undefined;
}

/** A whole number written as a number or as text (`"40"`), else `undefined`. */
export function integerOf(value: unknown): number | undefined {
  const number = numberOf(value);
  return number !== undefined && Number.isInteger(number) ? number : undefined;
}

/** A finite number written as a number or as text (`"2.5"`), else `undefined`. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}
