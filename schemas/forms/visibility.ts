import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './stringEnum';

/** How a field's value is compared in a visibility condition. */
export const COMPARISON_OPS = [
  'equals',
  'notEquals',
  'lessThan',
  'greaterThan',
  'atMost',
  'atLeast',
  'empty',
  'notEmpty',
] as const;
/** One comparison operator. */
export type ComparisonOp = (typeof COMPARISON_OPS)[number];

/**
 * One test on another field's value: against a written `value`, against `otherField`'s
 * value, or (`empty`, `notEmpty`) on its own. Data, never code: the runtime compares, it
 * evaluates nothing.
 */
export const FieldComparison = Type.Object(
  {
    field: Type.String({ minLength: 1 }),
    op: StringEnum(COMPARISON_OPS),
    value: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
    otherField: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);
/** One comparison. */
export type FieldComparison = Static<typeof FieldComparison>;

/** Comparisons that must all hold. */
export const AllOf = Type.Object(
  { all: Type.Array(FieldComparison, { minItems: 1 }) },
  { additionalProperties: false },
);
/** An "all of" group. */
export type AllOf = Static<typeof AllOf>;

/**
 * When a field is shown, as the compiler leaves it: shown when any group holds, a group
 * holding when all its comparisons do (every and/or chain of the formats reduces to this).
 */
export const VisibilityRule = Type.Object(
  { any: Type.Array(AllOf, { minItems: 1 }) },
  { additionalProperties: false },
);
/** A normalised visibility rule. */
export type VisibilityRule = Static<typeof VisibilityRule>;

/**
 * A designer form's `visibleWhen` on a field or a section: one comparison, `{ all: [...] }`,
 * or `{ any: [...] }` of comparisons and "all" groups.
 */
export const DesignerVisibleWhen = Type.Union([
  FieldComparison,
  AllOf,
  Type.Object(
    { any: Type.Array(Type.Union([FieldComparison, AllOf]), { minItems: 1 }) },
    { additionalProperties: false },
  ),
]);
/** A designer visibility condition. */
export type DesignerVisibleWhen = Static<typeof DesignerVisibleWhen>;
