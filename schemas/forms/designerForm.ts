import { Type, type Static } from '@sinclair/typebox';
import { LocalizedText } from './localizedText';
import { MESSAGE_KINDS, OUTCOME_TYPES } from './formConstants';
import { StringEnum } from './stringEnum';
import { DesignerVisibleWhen } from './visibility';

export { MESSAGE_KINDS, OUTCOME_TYPES };

/** One outcome save mode. */
export type OutcomeType = (typeof OUTCOME_TYPES)[number];

/** One message kind. */
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A button of the outcome bar. */
export const DesignerOutcome = Type.Object(
  {
    key: Type.String({ minLength: 1 }),
    label: LocalizedText,
    type: Type.Optional(StringEnum(OUTCOME_TYPES)),
  },
  { additionalProperties: false },
);
/** A designer outcome. */
export type DesignerOutcome = Static<typeof DesignerOutcome>;

/** The link from a field to a business-object field: link type, object definition, version. */
export const DatastoreLink = Type.Object(
  {
    linkType: Type.String({ minLength: 1 }),
    objectDefinitionKey: Type.String({ minLength: 1 }),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: true },
);
/** Datastore link metadata of a field. */
export type DatastoreLink = Static<typeof DatastoreLink>;

/**
 * Validation rules of a field. `pattern` is a regular expression source; the compiler
 * drops patterns that could backtrack catastrophically. `min`/`max` are numbers for
 * number fields and `YYYY-MM-DD` strings for date fields.
 */
export const DesignerValidation = Type.Object(
  {
    required: Type.Optional(Type.Boolean()),
    min: Type.Optional(Type.Union([Type.Number(), Type.String()])),
    max: Type.Optional(Type.Union([Type.Number(), Type.String()])),
    minLength: Type.Optional(Type.Integer({ minimum: 0 })),
    maxLength: Type.Optional(Type.Integer({ minimum: 0 })),
    pattern: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
/** Designer validation rules. */
export type DesignerValidation = Static<typeof DesignerValidation>;

/** One choice of a dropdown, radio or checkbox field. */
export const DesignerOption = Type.Object(
  {
    name: LocalizedText,
    value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
  },
  { additionalProperties: false },
);
/** A designer option. */
export type DesignerOption = Static<typeof DesignerOption>;

/**
 * One field of a designer form. Its `type` is any plugin's type id (or an alias a plugin
 * answers to, `input`); its `config` is checked against the schema the type's plugin
 * declares (`designerConfig` in `plugins/<type>/rules.ts`), not here, so the formats stay
 * free of the plugin list. Widths are integers; values outside 1-12 are clamped by
 * the compiler with a warning rather than refused, so a slip in the designer never
 * blanks a task page. Properties starting with `x-` are kept for designer tooling.
 */
export const DesignerField = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    type: Type.String({ minLength: 1 }),
    label: Type.Optional(LocalizedText),
    placeholder: Type.Optional(LocalizedText),
    description: Type.Optional(LocalizedText),
    desktopWidth: Type.Optional(Type.Integer()),
    tabWidth: Type.Optional(Type.Integer()),
    phoneWidth: Type.Optional(Type.Integer()),
    newRow: Type.Optional(Type.Boolean()),
    readOnly: Type.Optional(Type.Boolean()),
    defaultValue: Type.Optional(Type.Unknown()),
    validation: Type.Optional(DesignerValidation),
    options: Type.Optional(Type.Array(DesignerOption)),
    config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    datastoreLink: Type.Optional(DatastoreLink),
    /** Shown only while this holds; hidden, it is neither checked nor sent. */
    visibleWhen: Type.Optional(DesignerVisibleWhen),
  },
  {
    additionalProperties: false,
    patternProperties: { '^x-': {} },
  },
);
/** A designer field. */
export type DesignerField = Static<typeof DesignerField>;

/** A titled group of fields; the runtime shows sections one after the other. */
export const DesignerSection = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1 })),
    title: Type.Optional(LocalizedText),
    fields: Type.Array(DesignerField),
    /** Every field of the section is shown only while this holds (and its own condition). */
    visibleWhen: Type.Optional(DesignerVisibleWhen),
  },
  { additionalProperties: false, patternProperties: { '^x-': {} } },
);
/** A designer section. */
export type DesignerSection = Static<typeof DesignerSection>;

/**
 * A form built in the graphical designer. Its id starts with the designer prefix `DSG-`.
 * Fields sit either directly in `fields` (one untitled section) or in `sections`.
 */
export const DesignerForm = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.String({ pattern: '^DSG-' }),
    name: LocalizedText,
    description: Type.Optional(LocalizedText),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    fields: Type.Optional(Type.Array(DesignerField)),
    sections: Type.Optional(Type.Array(DesignerSection)),
    outcomes: Type.Optional(Type.Array(DesignerOutcome)),
    outcomeVariableName: Type.Optional(Type.String({ minLength: 1 })),
  },
  {
    $id: 'tessera:designerForm',
    additionalProperties: false,
    patternProperties: { '^x-': {} },
    anyOf: [{ required: ['fields'] }, { required: ['sections'] }],
  },
);
/** A designer form. */
export type DesignerForm = Static<typeof DesignerForm>;
