import { Type, type Static } from '@sinclair/typebox';
import { LocalizedText } from '../forms/localizedText';
import { StringEnum } from '../forms/stringEnum';
import { DefinitionVersion, PageNumber } from './common';
import { DICTIONARY_NAME_PATTERN } from './dictionariesConstants';
import {
  FILTER_VALUE_MAX_LENGTH,
  MAX_FILTERS,
  OBJECT_KEY_PATTERN,
  RECORD_FIELD_KEY_PATTERN,
  RECORD_FIELD_TYPES,
  RECORD_ID_PATTERN,
  RecordRequestType,
  ComparisonType,
  SortDirection,
} from './recordsConstants';

export * from './recordsConstants';

/** A field key of an object definition. */
const FieldKey = Type.String({ pattern: RECORD_FIELD_KEY_PATTERN });

/** One field of an object definition (spec 001 section 3, "Object definition"). */
export const ObjectField = Type.Object(
  {
    key: FieldKey,
    label: LocalizedText,
    type: StringEnum(RECORD_FIELD_TYPES),
    /** Shown as a column on a phone. */
    visibleInMobile: Type.Boolean(),
    /** Shown as a column on a tablet or a desktop. */
    visibleInOthers: Type.Boolean(),
    /** The system dictionary whose codes the field stores: lists show the codes' labels. */
    dictionary: Type.Optional(Type.String({ pattern: DICTIONARY_NAME_PATTERN })),
  },
  { additionalProperties: false },
);
export type ObjectField = Static<typeof ObjectField>;

/** Which form a record opens in: a plain or designer form, or a combined task. */
export const ObjectOtherData = Type.Object(
  {
    formId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    cutFormId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ObjectOtherData = Static<typeof ObjectOtherData>;

/** An object definition (spec 001 section 3). */
export const ObjectDefinition = Type.Object(
  {
    key: Type.String({ pattern: OBJECT_KEY_PATTERN }),
    version: DefinitionVersion(),
    label: LocalizedText,
    owner: Type.String({ minLength: 1, maxLength: 200 }),
    /** `#rrggbb`, the dot beside the label in the drawer. */
    colour: Type.String({ pattern: '^#[0-9a-f]{6}$' }),
    fields: Type.Array(ObjectField, { maxItems: 500 }),
    /** The embedded analysis report's address; the Analyses tab shows only with it. */
    externalAnalysisUrl: Type.Union([Type.String(), Type.Null()]),
    otherData: ObjectOtherData,
  },
  { additionalProperties: false },
);
export type ObjectDefinition = Static<typeof ObjectDefinition>;

/** `GET` object definitions: the tenant's definitions, latest version of each key. */
export const ObjectDefinitionsAnswer = Type.Object({ result: Type.Array(ObjectDefinition) });
export type ObjectDefinitionsAnswer = Static<typeof ObjectDefinitionsAnswer>;

/** `GET` one object definition. */
export const ObjectDefinitionAnswer = Type.Object({ result: ObjectDefinition });
export type ObjectDefinitionAnswer = Static<typeof ObjectDefinitionAnswer>;

/** The path of an object's calls: its key and version. */
export const ObjectParams = Type.Object({
  key: Type.String({ pattern: OBJECT_KEY_PATTERN }),
  version: DefinitionVersion(),
});
export type ObjectParams = Static<typeof ObjectParams>;

/** The path of one record. */
export const RecordParams = Type.Object({
  key: Type.String({ pattern: OBJECT_KEY_PATTERN }),
  version: DefinitionVersion(),
  recordId: Type.String({ pattern: RECORD_ID_PATTERN }),
});
export type RecordParams = Static<typeof RecordParams>;

/** One filter row (spec 001 section 3, "Filter item"). */
export const FilterItem = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 100 }),
    value: Type.String({ minLength: 1, maxLength: FILTER_VALUE_MAX_LENGTH }),
    comparisonType: Type.Optional(StringEnum([ComparisonType.exact, ComparisonType.partial])),
  },
  { additionalProperties: false },
);
export type FilterItem = Static<typeof FilterItem>;

/** The sort of a list (spec 001 section 3, "Sort params"); only a field can be sorted on. */
export const SortParams = Type.Object(
  {
    param: Type.String({ minLength: 1, maxLength: 100 }),
    direction: StringEnum([SortDirection.asc, SortDirection.desc]),
  },
  { additionalProperties: false },
);
export type SortParams = Static<typeof SortParams>;

/** Page sizes the table offers; anything else (10,000 included) is a 400. */
const PageSize = Type.Union([Type.Literal(10), Type.Literal(25), Type.Literal(50)]);

/**
 * `POST` an object's records page (spec 001 section 7, `objectDataQuery/filter`, and section
 * 5, "Object data list request"). `filterApproach` is the search mode, used for rows without
 * a comparison type of their own. `properties` names the fields to answer: with
 * `requestType` PROPERTIES it must hold 1 to 50 known fields; with ALL_PROPERTIES (the
 * switch for an empty list or one longer than 50) every field is answered.
 */
export const RecordQueryBody = Type.Object(
  {
    page: PageNumber(100_000),
    pageSize: PageSize,
    filterParams: Type.Array(FilterItem, { maxItems: MAX_FILTERS }),
    sortParams: Type.Optional(SortParams),
    properties: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000 }),
    requestType: StringEnum([RecordRequestType.properties, RecordRequestType.allProperties]),
    filterApproach: StringEnum([ComparisonType.exact, ComparisonType.partial]),
    /** Read the records without a row lock; accepted for the spec's option, always true. */
    useReadFlag: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RecordQueryBody = Static<typeof RecordQueryBody>;

/** One row of the list: the record's id, times and the requested fields' values. */
export const ListRecord = Type.Object({
  id: Type.String(),
  created: Type.String(),
  updated: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type ListRecord = Static<typeof ListRecord>;

/** A page of records (spec 001 section 3, "Paged result"). */
export const RecordPage = Type.Object({
  content: Type.Array(ListRecord),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  /** How many records the selection holds; with `totalCapped`, only that it holds more. */
  totalElements: Type.Integer(),
  /**
   * True when a filtered count stopped at its cap: the selection holds more than
   * `totalElements` records, and pages after the last counted one may still have rows.
   */
  totalCapped: Type.Optional(Type.Boolean()),
});
export type RecordPage = Static<typeof RecordPage>;

/** `POST` query answer. */
export const RecordQueryAnswer = Type.Object({ result: RecordPage });
export type RecordQueryAnswer = Static<typeof RecordQueryAnswer>;

/**
 * `POST` download body (spec 001 section 7, `objectDataDownload/download`): the list's
 * filters and search mode, its sort, and the language of the file's label and headers.
 */
export const RecordDownloadBody = Type.Object(
  {
    filterParams: Type.Array(FilterItem, { maxItems: MAX_FILTERS }),
    searchType: StringEnum([ComparisonType.exact, ComparisonType.partial]),
    sortParams: Type.Optional(SortParams),
    locale: Type.Optional(StringEnum(['en', 'es', 'fr'] as const)),
  },
  { additionalProperties: false },
);
export type RecordDownloadBody = Static<typeof RecordDownloadBody>;

/** One form a record shows: the whole form, or one part of a combined task. */
export const RecordFormPart = Type.Object({
  formId: Type.String(),
  kind: StringEnum(['plain', 'designer'] as const),
  title: Type.Union([LocalizedText, Type.Null()]),
  definition: Type.Unknown(),
});
export type RecordFormPart = Static<typeof RecordFormPart>;

/** A business-object record (spec 001 section 3) with its data. */
export const ObjectRecord = Type.Object({
  id: Type.String(),
  key: Type.String(),
  version: Type.Integer(),
  dataVersion: Type.Integer(),
  created: Type.String(),
  updated: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type ObjectRecord = Static<typeof ObjectRecord>;

/**
 * `GET` one record (spec 001 section 7, `objectReportDetail/{id}`): the record and the form
 * it opens in (one part for `formId`, a combined task's parts in order for `cutFormId`);
 * `form` is null when the definition names no stored form (the client says
 * datastore.reportFormError).
 */
export const RecordAnswer = Type.Object({
  result: Type.Object({
    record: ObjectRecord,
    form: Type.Union([
      Type.Object({
        formId: Type.String(),
        kind: StringEnum(['plain', 'designer', 'combined'] as const),
        parts: Type.Array(RecordFormPart),
      }),
      Type.Null(),
    ]),
  }),
});
export type RecordAnswer = Static<typeof RecordAnswer>;
