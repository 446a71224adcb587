import { Type, type Static } from '@sinclair/typebox';
import { LocalizedText } from './localizedText';
import { DatastoreLink, OUTCOME_TYPES } from './designerForm';
import { FORM_KINDS } from './formPrefixes';
import { StringEnum } from './stringEnum';
import { VisibilityRule } from './visibility';

/** The JSON type of a field's value; `none` marks display-only fields that hold no value. */
export const VALUE_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'none',
] as const;
/** A field's value type. */
export type ValueType = (typeof VALUE_TYPES)[number];

const width = Type.Integer({ minimum: 1, maximum: 12 });

/** A field's column span (1-12) at each breakpoint. */
export const FieldWidths = Type.Object(
  { desktop: width, tablet: width, phone: width },
  { additionalProperties: false },
);
/** Widths of a field on the 12-column grid. */
export type FieldWidths = Static<typeof FieldWidths>;

/** A choice of a dropdown, radio or checkbox field. */
export const NormalizedOption = Type.Object(
  {
    value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
    label: LocalizedText,
  },
  { additionalProperties: false },
);
/** A normalised option. */
export type NormalizedOption = Static<typeof NormalizedOption>;

/** Validation rules, already checked for safety by the compiler. */
export const NormalizedValidation = Type.Object(
  {
    min: Type.Optional(Type.Union([Type.Number(), Type.String()])),
    max: Type.Optional(Type.Union([Type.Number(), Type.String()])),
    minLength: Type.Optional(Type.Integer({ minimum: 0 })),
    maxLength: Type.Optional(Type.Integer({ minimum: 0 })),
    pattern: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
/** Normalised validation rules. */
export type NormalizedValidation = Static<typeof NormalizedValidation>;

/**
 * One field of the normalised form, whatever format it came from. `config` holds the
 * type-specific settings the field's plugin reads (formula `expression`, message `kind`,
 * number `numberKind`, ...). A number or formula field with `format: "percent"` (a Flowable
 * field: in `params`) stores a ratio and shows it as a percentage (`0.0548` reads `5.48 %`
 * in the form, the report CSV and case names). `breakBefore` starts a new grid row at every
 * breakpoint, which keeps the rows of a Flowable container.
 */
export const NormalizedField = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    // A plugin's type id; the plugin folders, not this schema, say which ids exist.
    type: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9-]*$' }),
    originalType: Type.Optional(Type.String()),
    label: LocalizedText,
    description: Type.Optional(LocalizedText),
    required: Type.Boolean(),
    readOnly: Type.Boolean(),
    placeholder: Type.Optional(LocalizedText),
    defaultValue: Type.Optional(Type.Unknown()),
    options: Type.Optional(Type.Array(NormalizedOption)),
    validation: NormalizedValidation,
    config: Type.Record(Type.String(), Type.Unknown()),
    widths: FieldWidths,
    breakBefore: Type.Optional(Type.Boolean()),
    datastoreLink: Type.Optional(DatastoreLink),
    visibleWhen: Type.Optional(VisibilityRule),
    valueType: StringEnum(VALUE_TYPES),
  },
  { additionalProperties: false },
);
/** A normalised field. */
export type NormalizedField = Static<typeof NormalizedField>;

/** A titled run of fields. A combined task's sections name the form they came from. */
export const NormalizedSection = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    title: LocalizedText,
    formId: Type.Optional(Type.String()),
    fields: Type.Array(NormalizedField),
  },
  { additionalProperties: false },
);
/** A normalised section. */
export type NormalizedSection = Static<typeof NormalizedSection>;

/** A button of the outcome bar. Plain (Flowable) outcomes are `DEFAULT`. */
export const NormalizedOutcome = Type.Object(
  {
    key: Type.String({ minLength: 1 }),
    label: LocalizedText,
    type: StringEnum(OUTCOME_TYPES),
  },
  { additionalProperties: false },
);
/** A normalised outcome. */
export type NormalizedOutcome = Static<typeof NormalizedOutcome>;

/**
 * One form of a combined task, in order: which sections belong to it, its own outcomes,
 * and whether its reference resolved (an unresolved one keeps an empty section).
 */
export const NormalizedFormPart = Type.Object(
  {
    formId: Type.String(),
    kind: StringEnum(['plain', 'designer']),
    name: LocalizedText,
    sectionIds: Type.Array(Type.String()),
    outcomes: Type.Array(NormalizedOutcome),
    outcomeVariableName: Type.Optional(Type.String()),
    resolved: Type.Boolean(),
  },
  { additionalProperties: false },
);
/** A part of a combined form. */
export type NormalizedFormPart = Static<typeof NormalizedFormPart>;

/**
 * The one normalised form every format compiles to; the runtime, the rjsf adapter and the
 * server's save validation all read this. `parts` is present only for combined tasks.
 */
export const NormalizedForm = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    kind: StringEnum(FORM_KINDS),
    name: LocalizedText,
    version: Type.Optional(Type.Number()),
    sections: Type.Array(NormalizedSection),
    outcomes: Type.Array(NormalizedOutcome),
    outcomeVariableName: Type.Optional(Type.String()),
    parts: Type.Optional(Type.Array(NormalizedFormPart)),
  },
  { $id: 'tessera:normalizedForm', additionalProperties: false },
);
/** The normalised form. */
export type NormalizedForm = Static<typeof NormalizedForm>;
