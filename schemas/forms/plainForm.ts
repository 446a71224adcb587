import { Type, type Static, type TSchema } from '@sinclair/typebox';

// Flowable and its ancestors write `null` for every unset property, so most properties
// accept null as well as their value.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Where the form designer put a field inside its container. */
export const PlainLayout = Type.Object({
  row: Type.Optional(Nullable(Type.Integer())),
  column: Type.Optional(Nullable(Type.Integer())),
  colspan: Type.Optional(Nullable(Type.Integer())),
});
/** Flowable's `LayoutDefinition`. */
export type PlainLayout = Static<typeof PlainLayout>;

/** One choice of a dropdown or radio-buttons field; `id` is the stored value. */
export const PlainOption = Type.Object({
  id: Type.Optional(Nullable(Type.Union([Type.String(), Type.Number()]))),
  name: Type.Optional(Nullable(Type.String())),
});
/** Flowable's `Option`. */
export type PlainOption = Static<typeof PlainOption>;

/** A button of the outcome bar; Flowable stores the chosen `name` (or `id`) in a variable. */
export const PlainOutcome = Type.Object({
  id: Type.Optional(Nullable(Type.String())),
  name: Type.String(),
});
/** Flowable's `FormOutcome`. */
export type PlainOutcome = Static<typeof PlainOutcome>;

/** A tab of an Activiti-lineage form model; fields point at it with `tab`. */
export const PlainTab = Type.Object({
  id: Type.String(),
  title: Type.Optional(Nullable(Type.String())),
});
/** One tab of a plain form. */
export type PlainTab = Static<typeof PlainTab>;

const lengthLike = Nullable(Type.Union([Type.Integer(), Type.String()]));
const numberLike = Nullable(Type.Union([Type.Number(), Type.String()]));

/**
 * One field of a Flowable form model. Every subtype (`FormField`, `OptionFormField`,
 * `ExpressionFormField`, `HyperlinkRepresentation`, `ContainerRepresentation`) is one
 * open object: Flowable adds properties between versions, so unknown ones are allowed.
 * A container's `fields` is either Flowable UI's map of column number to fields, the
 * engine's list of rows, or a flat list.
 */
const plainFieldSchema = ($id: string) =>
  Type.Recursive(
    (This) =>
      Type.Object({
        fieldType: Type.Optional(Nullable(Type.String())),
        id: Type.String(),
        name: Type.Optional(Nullable(Type.String())),
        type: Type.String(),
        value: Type.Optional(Type.Unknown()),
        required: Type.Optional(Nullable(Type.Boolean())),
        readOnly: Type.Optional(Nullable(Type.Boolean())),
        overrideId: Type.Optional(Nullable(Type.Boolean())),
        placeholder: Type.Optional(Nullable(Type.String())),
        minLength: Type.Optional(lengthLike),
        maxLength: Type.Optional(lengthLike),
        minValue: Type.Optional(numberLike),
        maxValue: Type.Optional(numberLike),
        regexPattern: Type.Optional(Nullable(Type.String())),
        params: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
        layout: Type.Optional(Nullable(PlainLayout)),
        colspan: Type.Optional(Nullable(Type.Integer())),
        optionType: Type.Optional(Nullable(Type.String())),
        hasEmptyValue: Type.Optional(Nullable(Type.Boolean())),
        options: Type.Optional(Nullable(Type.Array(PlainOption))),
        optionsExpression: Type.Optional(Nullable(Type.String())),
        expression: Type.Optional(Nullable(Type.String())),
        hyperlinkUrl: Type.Optional(Nullable(Type.String())),
        displayText: Type.Optional(Nullable(Type.String())),
        numberOfColumns: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
        tab: Type.Optional(Nullable(Type.String())),
        fields: Type.Optional(
          Nullable(
            Type.Union([
              Type.Array(This),
              Type.Array(Type.Array(This)),
              Type.Record(Type.String(), Nullable(Type.Array(This))),
            ]),
          ),
        ),
      }),
    { $id },
  );

/** One field of a Flowable form model, containers included. */
export const PlainField = plainFieldSchema('tessera:plainField');
// The same field schema appears three times in a form (top level, under `formDefinition`
// and under `editorJson`); each use gets its own $id because a validator refuses one $id
// bound to two places.
const plainFormBody = ($id: string) =>
  Type.Object({
    fields: Type.Array(plainFieldSchema($id)),
    outcomes: Type.Optional(Nullable(Type.Array(PlainOutcome))),
    outcomeVariableName: Type.Optional(Nullable(Type.String())),
    tabs: Type.Optional(Nullable(Type.Array(PlainTab))),
  });

/** One field of a Flowable form model. */
export type PlainField = Static<typeof PlainField>;

/** The body of a form: what Flowable's modeler keeps under `formDefinition`. */
export const PlainFormBody = plainFormBody('tessera:plainBodyField');
/** The fields, outcomes and tabs of a plain form. */
export type PlainFormBody = Static<typeof PlainFormBody>;

/** The texts of one field in one language; option texts by option `id` (else `name`). */
export const PlainFieldTranslation = Type.Object(
  {
    name: Type.Optional(Type.String()),
    placeholder: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    displayText: Type.Optional(Type.String()),
    options: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { additionalProperties: false },
);
/** One field's texts in one language. */
export type PlainFieldTranslation = Static<typeof PlainFieldTranslation>;

/**
 * A plain form's texts in one language: fields by `id`, tabs by `id`, outcomes by `id`
 * (else `name`). Closed, so a misspelt key is refused instead of silently untranslated.
 */
export const PlainTranslation = Type.Object(
  {
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    tabs: Type.Optional(Type.Record(Type.String(), Type.String())),
    fields: Type.Optional(Type.Record(Type.String(), PlainFieldTranslation)),
    outcomes: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { additionalProperties: false },
);
/** A plain form's texts in one language. */
export type PlainTranslation = Static<typeof PlainTranslation>;

/**
 * Per-language texts of a Flowable form model, which has none of its own: the model's own
 * text is the English one. Tessera's addition, kept in a block of its own (or in a
 * `<form>.i18n.json` file beside the model) so the rest stays a Flowable file.
 */
export const PlainTranslations = Type.Object(
  {
    en: Type.Optional(PlainTranslation),
    es: Type.Optional(PlainTranslation),
    fr: Type.Optional(PlainTranslation),
  },
  { additionalProperties: false },
);
/** Per-language texts of a plain form. */
export type PlainTranslations = Static<typeof PlainTranslations>;

/**
 * A Flowable form model as the task-forms endpoints answer it (`FormModelRepresentation`,
 * `SimpleFormModel`), or as the modeler and app exports write it, with the body under
 * `formDefinition` or `editorJson` beside the model's key, name and description.
 */
export const PlainForm = Type.Object(
  {
    id: Type.Optional(Nullable(Type.Union([Type.String(), Type.Number()]))),
    key: Type.Optional(Nullable(Type.String())),
    name: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    version: Type.Optional(Nullable(Type.Number())),
    fields: Type.Optional(Type.Array(PlainField)),
    outcomes: Type.Optional(Nullable(Type.Array(PlainOutcome))),
    outcomeVariableName: Type.Optional(Nullable(Type.String())),
    tabs: Type.Optional(Nullable(Type.Array(PlainTab))),
    formDefinition: Type.Optional(PlainFormBody),
    editorJson: Type.Optional(plainFormBody('tessera:plainEditorField')),
    translations: Type.Optional(PlainTranslations),
  },
  {
    $id: 'tessera:plainForm',
    anyOf: [
      { required: ['fields'] },
      { required: ['formDefinition'] },
      { required: ['editorJson'] },
    ],
  },
);
/** A Flowable form model. */
export type PlainForm = Static<typeof PlainForm>;
