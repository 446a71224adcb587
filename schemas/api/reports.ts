import { Type, type Static } from '@sinclair/typebox';
import { LocalizedText } from '../forms/localizedText';
import { NormalizedForm } from '../forms/normalizedForm';
import { SUPPORTED_LOCALES } from '../forms/formConstants';
import { StringEnum } from '../forms/stringEnum';
import { routePatterns } from './apiRoute';
import {
  LoanApplicationStatus,
  REPORT_PAGE_SIZE,
  REPORT_TYPES,
  ReportPath,
} from './reportsConstants';

export * from './reportsConstants';

/** Route patterns of the report calls, as the server registers them. */
export const ReportRoute = routePatterns(ReportPath);

/**
 * The path of a list. `type` is any short word: an unknown one is a 404 (no such report),
 * not a 400, as an unknown page would be.
 */
export const ReportListParams = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 40 }),
});
export type ReportListParams = Static<typeof ReportListParams>;

/** The path of one instance's report; the id is an instance id (a UUID). */
export const ReportDetailParams = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 40 }),
  detailId: Type.String({ format: 'uuid' }),
});
export type ReportDetailParams = Static<typeof ReportDetailParams>;

/** The language labels, option texts and the CSV's headings are written in (English default). */
export const ReportQuery = Type.Object(
  { lang: Type.Optional(StringEnum(SUPPORTED_LOCALES)) },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

/**
 * Where a list's page starts: the `next` of the page before, opaque to the client. It is the
 * last row's end (to the microsecond, as stored) and id, so a page starts right after the
 * row the previous one ended with, even when instances completed in between.
 */
export const ReportPageCursor = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z_[A-Za-z0-9_.:-]{1,100}$',
  maxLength: 128,
});

/**
 * A list's query: the language, how many rows (at most {@link REPORT_PAGE_SIZE}, which is
 * also the default) and after which row (the first page without it).
 */
export const ReportListQuery = Type.Object(
  {
    lang: Type.Optional(StringEnum(SUPPORTED_LOCALES)),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: REPORT_PAGE_SIZE })),
    after: Type.Optional(ReportPageCursor),
  },
  { additionalProperties: false },
);
export type ReportListQuery = Static<typeof ReportListQuery>;

/** A person of a report: the starter, a task's completer. A removed user keeps their id. */
export const ReportPerson = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
});
export type ReportPerson = Static<typeof ReportPerson>;

/**
 * The loan application's own columns (spec 001 section 3, "loanApplicationDetails"), read
 * from what its tasks were completed with: the application form's product, customer, amount
 * and term; the officer who filled it in and the reviewer who decided.
 */
export const LoanApplicationDetails = Type.Object({
  /** The application's number among the tenant's loan applications, by start, from 1. */
  sequenceNumber: Type.Integer({ minimum: 1 }),
  /** The loan product's label in the asked language ('' when not given). */
  namePart: Type.String(),
  loanOfficer: Type.String(),
  loanSupervisor: Type.String(),
  customerFullName: Type.String(),
  customerID: Type.String(),
  loanAmount: Type.Union([Type.Number(), Type.Null()]),
  /** ISO 4217 code of the amount ('' when unknown). */
  currency: Type.String(),
  /** The term in months. */
  duration: Type.Union([Type.Number(), Type.Null()]),
  status: StringEnum(Object.values(LoanApplicationStatus)),
});
export type LoanApplicationDetails = Static<typeof LoanApplicationDetails>;

/** One completed instance of the list (spec 001 section 3, "Process instance"). */
export const ReportInstance = Type.Object({
  id: Type.String(),
  /** The case's name in the asked language (the instance's name until its data was known). */
  name: Type.String(),
  /** The case's number within its tenant (`LN-2026-000123`); null for older instances. */
  businessKey: Type.Union([Type.String(), Type.Null()]),
  processDefinitionKey: Type.String(),
  processDefinitionName: Type.String(),
  status: Type.Literal('Completed'),
  started: Type.String(),
  ended: Type.String(),
  startedBy: ReportPerson,
  loanApplicationDetails: Type.Optional(LoanApplicationDetails),
});
export type ReportInstance = Static<typeof ReportInstance>;

/**
 * `GET` a report list: one page of the type's completed instances, newest end first, with
 * how many there are in all and where the next page starts (null on the last page).
 */
export const ReportListAnswer = Type.Object({
  type: StringEnum(REPORT_TYPES),
  result: Type.Array(ReportInstance),
  totalElements: Type.Integer({ minimum: 0 }),
  next: Type.Union([ReportPageCursor, Type.Null()]),
});
export type ReportListAnswer = Static<typeof ReportListAnswer>;

/**
 * One form a completed task was filled in with: the whole form of a plain or designer task,
 * or one part of a combined task, compiled, without the fields reports leave out, and the
 * values the task was completed with.
 */
export const ReportTaskForm = Type.Object({
  formId: Type.String(),
  /** A combined task's title of the part, when it gives one. */
  title: Type.Union([LocalizedText, Type.Null()]),
  form: NormalizedForm,
  values: Type.Record(Type.String(), Type.Unknown()),
});
export type ReportTaskForm = Static<typeof ReportTaskForm>;

/** One completed task of an instance (spec 001 section 3, "Completed task"). */
export const ReportTask = Type.Object({
  id: Type.String(),
  name: Type.String(),
  completedAt: Type.String(),
  completedBy: Type.Union([ReportPerson, Type.Null()]),
  forms: Type.Array(ReportTaskForm),
});
export type ReportTask = Static<typeof ReportTask>;

/** `GET` one instance's report: the list's row and its completed tasks, oldest first. */
export const ReportDetailAnswer = Type.Object({
  type: StringEnum(REPORT_TYPES),
  result: Type.Object({
    instance: ReportInstance,
    tasks: Type.Array(ReportTask),
  }),
});
export type ReportDetailAnswer = Static<typeof ReportDetailAnswer>;
