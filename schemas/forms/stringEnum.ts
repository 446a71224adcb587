import { Type, type TUnsafe } from '@sinclair/typebox';

/**
 * A string from a fixed list, written as a plain JSON Schema `enum`. A union of literals
 * would do the same, but validators report one error per literal; an enum reports one.
 */
export function StringEnum<const T extends readonly string[]>(values: T): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}
