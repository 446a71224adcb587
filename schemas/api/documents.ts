import { Type, type Static } from '@sinclair/typebox';
import { LocalizedText } from '../forms/localizedText';
import { routePatterns } from './apiRoute';
import {
  DOCUMENT_ID_PATTERN,
  DOCUMENT_SCOPE_PATTERN,
  DOCUMENT_SUBJECT_PATTERN,
  DocumentPath,
  DocumentType as DocumentTypes,
} from './documentsConstants';

export * from './documentsConstants';

/** Route patterns of the document calls, as the server registers them. */
export const DocumentRoute = routePatterns(DocumentPath);

/** A template's or a generated document's id. */
export const DocumentId = Type.String({ pattern: DOCUMENT_ID_PATTERN });

/** `sheet` (xlsx) or `document` (docx). */
export const DocumentTypeSchema = Type.Union([
  Type.Literal(DocumentTypes.document),
  Type.Literal(DocumentTypes.sheet),
]);

/** `GET templates` query: the scope whose templates are listed. */
export const TemplatesQuery = Type.Object(
  { scope: Type.String({ pattern: DOCUMENT_SCOPE_PATTERN }) },
  { additionalProperties: false },
);
export type TemplatesQuery = Static<typeof TemplatesQuery>;

/** One template as the generate menu lists it (spec 001 section 3, "Document template"). */
export const DocumentTemplate = Type.Object({
  id: DocumentId,
  name: Type.String(),
  scope: Type.String(),
  documentType: DocumentTypeSchema,
});
export type DocumentTemplate = Static<typeof DocumentTemplate>;

/** `GET templates` answer (spec 001 section 7: "response data"). */
export const TemplatesAnswer = Type.Object({ data: Type.Array(DocumentTemplate) });
export type TemplatesAnswer = Static<typeof TemplatesAnswer>;

/** A template as the administrators' page lists it: who added it and when, besides the rest. */
export const AdminTemplate = Type.Object({
  id: DocumentId,
  name: Type.String(),
  scope: Type.String(),
  documentType: DocumentTypeSchema,
  /** The name of who added it; null for a template that came with the installation. */
  createdBy: Type.Union([Type.String(), Type.Null()]),
  /** It came with the installation: it cannot be removed (409 `TEMPLATE_BUILT_IN`). */
  builtIn: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AdminTemplate = Static<typeof AdminTemplate>;

/**
 * What a template can be for: an object definition of the tenant (its label) or a report
 * type (named by the client, in the user's language).
 */
export const TemplateScope = Type.Object({
  key: Type.String(),
  kind: Type.Union([Type.Literal('object'), Type.Literal('report')]),
  label: Type.Union([LocalizedText, Type.Null()]),
});
export type TemplateScope = Static<typeof TemplateScope>;

/** `GET admin/templates` answer: every template of the tenant, and the scopes to add one to. */
export const AdminTemplatesAnswer = Type.Object({
  data: Type.Array(AdminTemplate),
  scopes: Type.Array(TemplateScope),
});
export type AdminTemplatesAnswer = Static<typeof AdminTemplatesAnswer>;

/** An added template (the admin upload's answer). */
export const TemplateAnswer = Type.Object({ data: DocumentTemplate });
export type TemplateAnswer = Static<typeof TemplateAnswer>;

/**
 * `POST generate` body (spec 001 section 3, "Document generation request"): the template,
 * and what fills it: a process instance (`processInstanceId`) or a record (`contentId`, the
 * record's id), exactly one of them. `documentType` must be the template's own.
 */
export const GenerateBody = Type.Object(
  {
    templateId: DocumentId,
    processInstanceId: Type.Optional(Type.String({ pattern: DOCUMENT_SUBJECT_PATTERN })),
    contentId: Type.Optional(Type.String({ pattern: DOCUMENT_SUBJECT_PATTERN })),
    documentType: DocumentTypeSchema,
    /** The menu entry's label, kept for the log only. */
    label: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type GenerateBody = Static<typeof GenerateBody>;

/** Where a generated document can be fetched: `raw/{processInstanceId}?contentId=&requiredFileFormat=`. */
export const GeneratedDocument = Type.Object({
  /** The process instance or record the document was made for (the raw call's path). */
  processInstanceId: Type.String(),
  /** The generated document's id (the raw call's `contentId`). */
  contentId: DocumentId,
  requiredFileFormat: Type.Union([Type.Literal('docx'), Type.Literal('xlsx')]),
  fileName: Type.String(),
});
export type GeneratedDocument = Static<typeof GeneratedDocument>;

/** `POST generate` answer. */
export const GenerateAnswer = Type.Object({ data: GeneratedDocument });
export type GenerateAnswer = Static<typeof GenerateAnswer>;

/** `GET raw/{processInstanceId}` params. */
export const RawParams = Type.Object({
  processInstanceId: Type.String({ pattern: DOCUMENT_SUBJECT_PATTERN }),
});
export type RawParams = Static<typeof RawParams>;

/** `GET raw/{processInstanceId}` query. */
export const RawQuery = Type.Object(
  {
    contentId: DocumentId,
    requiredFileFormat: Type.Union([Type.Literal('docx'), Type.Literal('xlsx')]),
  },
  { additionalProperties: false },
);
export type RawQuery = Static<typeof RawQuery>;

/** `DELETE admin/templates/{templateId}` params. */
export const TemplateParams = Type.Object({ templateId: DocumentId });
export type TemplateParams = Static<typeof TemplateParams>;
