import { Type, type Static } from '@sinclair/typebox';
import { FORM_KINDS } from '../forms/formPrefixes';
import { LocalizedText } from '../forms/localizedText';
import { NormalizedForm } from '../forms/normalizedForm';
import { StringEnum } from '../forms/stringEnum';
import { apiRoute, routePatterns } from './apiRoute';
import { DefinitionVersion } from './common';

/**
 * Every forms call, one place for both sides. The task-form, taskForms and combined-task
 * paths are spec 000 section 7 and spec 001 section 7; the rest are chosen (noted).
 */
export const FormPath = {
  /** GET: the task's form and current values (Flowable's spelling). */
  taskForm: apiRoute('/api/task/app/rest/task-forms/:taskId'),
  /** GET: the same answer under the spec's camel-case spelling. */
  taskFormAlias: apiRoute('/api/task/app/rest/taskForms/:taskId'),
  /** GET: one stored version of a form by id (chosen meaning of `taskForms/{a}/{b}`). */
  formVersion: apiRoute('/api/task/app/rest/taskForms/:formId/:version'),
  /** GET: the latest designer-built (`DSG-`) form by id (chosen path). */
  designerForm: apiRoute('/api/forms/designer/:formId'),
  /** GET: a combined user task with its forms resolved and each form's values. */
  combinedTask: apiRoute('/api/query/v1/combined-user-task/:taskId'),
  /** GET: every form of the tenant, for the author preview (access-test; chosen path). */
  list: '/api/forms',
  /** GET: the latest version of one form, for the author preview (access-test; chosen path). */
  form: apiRoute('/api/forms/:formId'),
  /** POST: compile a definition the author pasted, for the author preview (access-test). */
  preview: '/api/forms/preview',
  /** PUT: save the assignee's draft of a task's form, or of one part of a combined task. */
  draft: apiRoute('/api/task/app/rest/tasks/:taskId/draft'),
} as const;

/** Route patterns of the calls above, as the server registers them. */
export const FormRoute = routePatterns(FormPath);

/** The longest form id (formKey) the API accepts. */
export const FORM_ID_MAX_LENGTH = 200;

/** At most this many values in one save: more fields than any form has. */
export const FORM_VALUES_MAX = 1000;

const FormId = Type.String({ minLength: 1, maxLength: FORM_ID_MAX_LENGTH });
const FormKindSchema = StringEnum(FORM_KINDS);
const NullableName = Type.Union([LocalizedText, Type.Null()]);

/** Field values by field id: any JSON values. */
export const FormValues = Type.Record(Type.String(), Type.Unknown());
/** Field values by field id. */
export type FormValues = Static<typeof FormValues>;

/** `:taskId` of the task calls. */
export const FormTaskParams = Type.Object({
  taskId: Type.String({ minLength: 1, maxLength: 100 }),
});
/** Task id route parameters. */
export type FormTaskParams = Static<typeof FormTaskParams>;

/** `:formId` of the definition calls. */
export const FormIdParams = Type.Object({ formId: FormId });
/** Form id route parameters. */
export type FormIdParams = Static<typeof FormIdParams>;

/** `:formId/:version` of `taskForms/{a}/{b}`. */
export const FormVersionParams = Type.Object({
  formId: FormId,
  version: DefinitionVersion(),
});
/** Form id and version route parameters. */
export type FormVersionParams = Static<typeof FormVersionParams>;

/** One stored form, without its body: the author preview's list entry. */
export const FormSummary = Type.Object({
  id: Type.String(),
  kind: FormKindSchema,
  /** The store's version: 1 for the first stored definition of an id, then one more per change. */
  version: Type.Integer(),
  name: NullableName,
});
/** A stored form's id, kind, version and name. */
export type FormSummary = Static<typeof FormSummary>;

/** `GET /api/forms`: the latest version of every form of the tenant, by id. */
export const FormListAnswer = Type.Object({
  size: Type.Integer(),
  data: Type.Array(FormSummary),
});
/** The author preview's form list. */
export type FormListAnswer = Static<typeof FormListAnswer>;

/**
 * One stored form definition as its author wrote it (plain Flowable form model, designer
 * form or combined task). The client compiles it with the same compiler the server uses.
 */
export const FormDefinitionAnswer = Type.Object({
  id: Type.String(),
  kind: FormKindSchema,
  version: Type.Integer(),
  name: NullableName,
  createdAt: Type.String(),
  definition: Type.Unknown(),
});
/** A stored form definition. */
export type FormDefinitionAnswer = Static<typeof FormDefinitionAnswer>;

/**
 * `GET .../task-forms/{taskId}`: the task's form and what the form shows now. For a plain
 * form, `definition` is the Flowable form model with each field's `value` filled in, as
 * Flowable answers; for every kind `values` holds the same values by field id (process
 * variables overlaid by the assignee's draft, or what was submitted once completed), only
 * for fields of the form. `readOnly` is true unless the caller is the assignee of the open
 * task.
 */
export const TaskFormAnswer = Type.Object({
  taskId: Type.String(),
  formKey: Type.String(),
  formId: Type.String(),
  kind: FormKindSchema,
  version: Type.Integer(),
  name: NullableName,
  readOnly: Type.Boolean(),
  definition: Type.Unknown(),
  values: FormValues,
});
/** A task's form with its current values. */
export type TaskFormAnswer = Static<typeof TaskFormAnswer>;

/** One form of a combined user task, resolved, with its values. */
export const CombinedTaskForm = Type.Object({
  /** Position in the combined task's `forms`. */
  index: Type.Integer(),
  /** The form id the part is saved under (`formId` of the draft call). */
  formId: Type.String(),
  kind: StringEnum(['plain', 'designer'] as const),
  /** The referenced form's stored version; null for a form written inline. */
  version: Type.Union([Type.Integer(), Type.Null()]),
  /** The combined task's title for the form, if it gives one. */
  title: NullableName,
  /** False when a reference names no usable form; `definition` is then null. */
  resolved: Type.Boolean(),
  definition: Type.Unknown(),
  values: FormValues,
});
/** One part of a combined task. */
export type CombinedTaskForm = Static<typeof CombinedTaskForm>;

/** `GET /api/query/v1/combined-user-task/{taskId}`: the CUT definition and its forms. */
export const CombinedTaskAnswer = Type.Object({
  taskId: Type.String(),
  formKey: Type.String(),
  formId: Type.String(),
  version: Type.Integer(),
  name: NullableName,
  readOnly: Type.Boolean(),
  definition: Type.Unknown(),
  forms: Type.Array(CombinedTaskForm),
});
/** A combined user task with its forms. */
export type CombinedTaskAnswer = Static<typeof CombinedTaskAnswer>;

/**
 * `PUT .../tasks/{taskId}/draft` body: the form's values; for a combined task, `formId`
 * names the part being saved (required there; when given elsewhere it must be the formKey).
 */
export const SaveDraftBody = Type.Object(
  {
    values: Type.Record(Type.String(), Type.Unknown(), {
      maxProperties: FORM_VALUES_MAX,
      propertyNames: { minLength: 1, maxLength: FORM_ID_MAX_LENGTH },
    }),
    formId: Type.Optional(FormId),
  },
  { additionalProperties: false },
);
/** A draft save. */
export type SaveDraftBody = Static<typeof SaveDraftBody>;

/** `PUT .../draft` answer: the values stored for the saved form (or part), as checked. */
export const SaveDraftAnswer = Type.Object({
  taskId: Type.String(),
  /** The form or part saved; null for a task without a form (its values are kept as sent). */
  formId: Type.Union([Type.String(), Type.Null()]),
  values: FormValues,
});
/** A stored draft. */
export type SaveDraftAnswer = Static<typeof SaveDraftAnswer>;

/** The largest definition the author preview compiles, in bytes of JSON. */
export const PREVIEW_BODY_LIMIT = 1_048_576;

/** At most this many forms a previewed combined task may name by reference. */
export const PREVIEW_REFS_MAX = 50;

/** `POST /api/forms/preview` body: a definition of any format, as the author wrote it. */
export const PreviewBody = Type.Object(
  { definition: Type.Unknown() },
  { additionalProperties: false },
);
/** An author preview request. */
export type PreviewBody = Static<typeof PreviewBody>;

/** A compiler finding: a code (never English), a JSON pointer and the message's params. */
export const CompileFinding = Type.Object({
  code: Type.String(),
  path: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
});
/** A compile warning or schema error as the API carries it. */
export type CompileFinding = Static<typeof CompileFinding>;

/** One form a previewed combined task names by `{ ref }`, and whether the tenant has it. */
export const PreviewRef = Type.Object({
  ref: Type.String(),
  resolved: Type.Boolean(),
  /** The stored version it resolved to; null when the tenant has no such form. */
  version: Type.Union([Type.Integer(), Type.Null()]),
});
/** A reference of a previewed combined task. */
export type PreviewRef = Static<typeof PreviewRef>;

/**
 * `POST /api/forms/preview` answer: what the compiler made of the definition. `form` is
 * null exactly when `errors` is not empty (the definition fails its format's schema).
 */
export const PreviewAnswer = Type.Object({
  kind: FormKindSchema,
  form: Type.Union([NormalizedForm, Type.Null()]),
  warnings: Type.Array(CompileFinding),
  errors: Type.Array(CompileFinding),
  refs: Type.Array(PreviewRef),
});
/** The author preview's compile result. */
export type PreviewAnswer = Static<typeof PreviewAnswer>;
