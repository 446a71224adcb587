import { Type, type Static } from '@sinclair/typebox';
import { routePatterns } from './apiRoute';
import { StringEnum } from '../forms/stringEnum';
import { JsonObject } from './tasks';

import { ProcessPath, WITHDRAW_REASON_MAX } from './processesConstants';

export * from './processesConstants';

/** Route patterns of the calls above, as the server registers them. */
export const ProcessRoute = routePatterns(ProcessPath);

/** What an instance is about, for the reports of spec 001 (loan, customer, loanApplication). */
export const ProcessType = {
  loan: 'LOAN',
  customer: 'CUSTOMER',
  loanApplication: 'LOAN_APPLICATION',
} as const;
export type ProcessType = (typeof ProcessType)[keyof typeof ProcessType];

/**
 * One startable process (spec 000 section 3, "App definition"). Each deployed process key is
 * its own app, so `appDefinitionKey` is the process key.
 */
export const AppDefinition = Type.Object({
  processDefinitionId: Type.String(),
  processDefinitionName: Type.String(),
  /** Empty when the process has none; the drawer shows it under 'Other processes'. */
  category: Type.String(),
  processDefinitionKey: Type.String(),
  appDefinitionKey: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
});
export type AppDefinition = Static<typeof AppDefinition>;

/** `GET /api/task/v1/app-definitions` answer, by name. */
export const AppDefinitionsAnswer = Type.Object({
  size: Type.Integer(),
  data: Type.Array(AppDefinition),
});
export type AppDefinitionsAnswer = Static<typeof AppDefinitionsAnswer>;

/** Query of `GET /api/task/app/rest/process-definitions`. */
export const ProcessDefinitionsQuery = Type.Object(
  {
    /** true (default): only the newest version of each key. */
    latest: Type.Optional(Type.Boolean()),
    appDefinitionKey: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ProcessDefinitionsQuery = Static<typeof ProcessDefinitionsQuery>;

/** One deployed process version (Flowable's process definition representation). */
export const ProcessDefinitionSummary = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  category: Type.String(),
  version: Type.Integer(),
  deploymentId: Type.String(),
  startFormDefined: Type.Boolean(),
});
export type ProcessDefinitionSummary = Static<typeof ProcessDefinitionSummary>;

/** `GET /api/task/app/rest/process-definitions` answer, newest version first within a key. */
export const ProcessDefinitionsAnswer = Type.Object({
  size: Type.Integer(),
  data: Type.Array(ProcessDefinitionSummary),
});
export type ProcessDefinitionsAnswer = Static<typeof ProcessDefinitionsAnswer>;

/**
 * `POST /api/task/app/rest/process-instances` body. The client names the instance after the
 * definition plus an ISO timestamp; the server only checks it is a sensible one-line name.
 * `values` become the first process variables (spec 001: `values.metaData` links a record).
 */
export const CreateProcessInstanceBody = Type.Object(
  {
    processDefinitionId: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[^\\u0000-\\u001f\\u007f]*\\S[^\\u0000-\\u001f\\u007f]*$',
    }),
    values: Type.Optional(JsonObject(200)),
  },
  { additionalProperties: false },
);
export type CreateProcessInstanceBody = Static<typeof CreateProcessInstanceBody>;

/** `POST /api/task/app/rest/process-instances` answer. */
export const CreateProcessInstanceAnswer = Type.Object({
  data: Type.Object({ id: Type.String() }),
});
export type CreateProcessInstanceAnswer = Static<typeof CreateProcessInstanceAnswer>;

/** Params of the calls on one instance. */
export const ProcessInstanceParams = Type.Object({
  processInstanceId: Type.String({ minLength: 1, maxLength: 100 }),
});
export type ProcessInstanceParams = Static<typeof ProcessInstanceParams>;

/** The starter of an instance (spec 000 section 3, "Process instance": startedBy). */
export const StartedBy = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  fullName: Type.String(),
  groups: Type.Array(Type.String()),
  privileges: Type.Array(Type.String()),
});
export type StartedBy = Static<typeof StartedBy>;

/**
 * 'On-going' while any token is left, then 'Completed' (spec 000 section 3); 'Withdrawn' when
 * a person ended it before its end (docs/decisions.md, "Withdrawing a process instance").
 */
export const ProcessInstanceStatus = StringEnum(['On-going', 'Completed', 'Withdrawn'] as const);
export type ProcessInstanceStatus = Static<typeof ProcessInstanceStatus>;

/** Who withdrew an instance, when and why. */
export const InstanceWithdrawal = Type.Object({
  by: Type.Object({ id: Type.String(), fullName: Type.String() }),
  /** ISO date-time. */
  at: Type.String(),
  reason: Type.String(),
});
export type InstanceWithdrawal = Static<typeof InstanceWithdrawal>;

/** What the caller may do with the instance now, by the instance policy. */
export const ProcessInstancePermissions = Type.Object({
  /** Withdraw it (`DELETE processInstanceExtended/{id}`). */
  canWithdraw: Type.Boolean(),
});
export type ProcessInstancePermissions = Static<typeof ProcessInstancePermissions>;

/** One process variable as the instance detail lists it. */
export const ProcessVariable = Type.Object({
  name: Type.String(),
  value: Type.Unknown(),
});
export type ProcessVariable = Static<typeof ProcessVariable>;

/**
 * `GET /api/task/app/rest/process-instances/{id}` answer (spec 000 section 3). `variables`
 * is filled only for holders of access-variables; everyone else gets an empty list.
 */
export const ProcessInstanceDetail = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Union([StringEnum(Object.values(ProcessType)), Type.Null()]),
  businessKey: Type.Union([Type.String(), Type.Null()]),
  processDefinitionId: Type.String(),
  started: Type.String(),
  ended: Type.Union([Type.String(), Type.Null()]),
  startedBy: StartedBy,
  processDefinitionName: Type.String(),
  processDefinitionDescription: Type.Union([Type.String(), Type.Null()]),
  processDefinitionKey: Type.String(),
  processDefinitionCategory: Type.String(),
  processDefinitionVersion: Type.Integer(),
  processDefinitionDeploymentId: Type.String(),
  graphicalNotationDefined: Type.Boolean(),
  startFormDefined: Type.Boolean(),
  variables: Type.Array(ProcessVariable),
  status: ProcessInstanceStatus,
  /** Set once the instance was withdrawn (status 'Withdrawn'). */
  withdrawal: Type.Union([InstanceWithdrawal, Type.Null()]),
  permissions: ProcessInstancePermissions,
});
export type ProcessInstanceDetail = Static<typeof ProcessInstanceDetail>;

/**
 * `DELETE .../process-instance-extended/{id}` body: why the instance is withdrawn, 1 to
 * {@link WITHDRAW_REASON_MAX} characters once trimmed (the server trims and refuses a blank).
 */
export const WithdrawInstanceBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: WITHDRAW_REASON_MAX }) },
  { additionalProperties: false },
);
export type WithdrawInstanceBody = Static<typeof WithdrawInstanceBody>;

/** `DELETE .../process-instance-extended/{id}` answer: the instance as it ended. */
export const WithdrawInstanceAnswer = Type.Object({
  id: Type.String(),
  status: StringEnum(['Withdrawn'] as const),
  /** ISO date-time. */
  ended: Type.String(),
  withdrawal: InstanceWithdrawal,
});
export type WithdrawInstanceAnswer = Static<typeof WithdrawInstanceAnswer>;

/** Query of the variables call: which task's own values to include. */
export const VariablesQuery = Type.Object(
  { taskId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
  { additionalProperties: false },
);
export type VariablesQuery = Static<typeof VariablesQuery>;

/**
 * `GET /api/task/app/rest/query/variables/{id}` answer (spec 000 section 3). `metaData` is the
 * process variable of that name (a record link, spec 001) or `{}`. `processVariables` are all
 * process variables, only for holders of access-variables (`processVariablesIncluded` says
 * which); `taskVariables` are the named task's saved values.
 */
export const VariablesAnswer = Type.Object({
  processVariables: Type.Record(Type.String(), Type.Unknown()),
  processVariablesIncluded: Type.Boolean(),
  taskVariables: Type.Record(Type.String(), Type.Unknown()),
  metaData: Type.Record(Type.String(), Type.Unknown()),
});
export type VariablesAnswer = Static<typeof VariablesAnswer>;
