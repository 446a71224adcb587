import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../forms/stringEnum';
import { routePatterns } from './apiRoute';
import {
  BPMN_FILE_MAX_CHARS,
  DEPLOYMENT_FILE_NAME_MAX,
  DEPLOYMENT_FORMS_MAX,
  DeploymentProblemSource,
  DeploymentSeverity,
  FORM_FILE_MAX_CHARS,
  ProcessDeploymentPath,
} from './processDeploymentsConstants';

export * from './processDeploymentsConstants';

/** Route patterns of the calls above, as the server registers them. */
export const ProcessDeploymentRoute = routePatterns(ProcessDeploymentPath);

const FileName = Type.String({ minLength: 1, maxLength: DEPLOYMENT_FILE_NAME_MAX });

/** The BPMN file of a deployment, its text as read in the browser. */
export const BpmnFile = Type.Object(
  { fileName: FileName, content: Type.String({ minLength: 1, maxLength: BPMN_FILE_MAX_CHARS }) },
  { additionalProperties: false },
);
export type BpmnFile = Static<typeof BpmnFile>;

/** A form file of a deployment (a JSON form model the form compiler accepts), as text. */
export const FormFile = Type.Object(
  { fileName: FileName, content: Type.String({ minLength: 1, maxLength: FORM_FILE_MAX_CHARS }) },
  { additionalProperties: false },
);
export type FormFile = Static<typeof FormFile>;

/** Body of a check and of a deploy: one BPMN file and zero or more form files. */
export const DeploymentBody = Type.Object(
  { bpmn: BpmnFile, forms: Type.Array(FormFile, { maxItems: DEPLOYMENT_FORMS_MAX }) },
  { additionalProperties: false },
);
export type DeploymentBody = Static<typeof DeploymentBody>;

/**
 * One problem of a deployment, with where it is: the file, and in a BPMN file the element
 * (and attribute), in a form file the JSON path. `code` is stable and translated by the
 * client where it can be; the parser's own sentences come in `message` (English, naming
 * the element), since the parser has no codes.
 */
export const DeploymentProblem = Type.Object({
  severity: StringEnum(Object.values(DeploymentSeverity)),
  source: StringEnum(Object.values(DeploymentProblemSource)),
  fileName: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  params: Type.Record(Type.String(), Type.Unknown()),
  elementId: Type.Union([Type.String(), Type.Null()]),
  elementType: Type.Union([Type.String(), Type.Null()]),
  attribute: Type.Union([Type.String(), Type.Null()]),
  /** The JSON path in a form file ('' for the whole file); null for the BPMN file. */
  path: Type.Union([Type.String(), Type.Null()]),
});
export type DeploymentProblem = Static<typeof DeploymentProblem>;

/** A form file as the check read it. */
export const CheckedForm = Type.Object({
  fileName: Type.String(),
  /** The form id it would be stored under (the formKey tasks name), when it could be read. */
  formId: Type.Union([Type.String(), Type.Null()]),
  kind: Type.Union([Type.String(), Type.Null()]),
});
export type CheckedForm = Static<typeof CheckedForm>;

/** `POST check` answer: what the deploy would do, and every problem at once. */
export const DeploymentCheckAnswer = Type.Object({
  /** The process key and name, when the BPMN file could be read. */
  processKey: Type.Union([Type.String(), Type.Null()]),
  processName: Type.Union([Type.String(), Type.Null()]),
  /** The version the deploy would make. */
  nextVersion: Type.Union([Type.Integer(), Type.Null()]),
  forms: Type.Array(CheckedForm),
  /** False when any problem is an error. */
  deployable: Type.Boolean(),
  problems: Type.Array(DeploymentProblem),
});
export type DeploymentCheckAnswer = Static<typeof DeploymentCheckAnswer>;

/** One deployed version as the admin list shows it. */
export const DeployedVersion = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  deployedAt: Type.String({ format: 'date-time' }),
  /** Who deployed it (their name, or their id once they are no longer a user); null for the seeded versions. */
  deployedBy: Type.Union([Type.String(), Type.Null()]),
  /** Instances of this version still running. */
  runningInstances: Type.Integer(),
  retired: Type.Boolean(),
  retiredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type DeployedVersion = Static<typeof DeployedVersion>;

/** A process key with every version, newest first. */
export const DeployedProcess = Type.Object({
  key: Type.String(),
  /** The newest version's name. */
  name: Type.String(),
  category: Type.String(),
  /** The version new starts take; null when every version is retired. */
  liveVersion: Type.Union([Type.Integer(), Type.Null()]),
  versions: Type.Array(DeployedVersion),
});
export type DeployedProcess = Static<typeof DeployedProcess>;

/** `GET deployments` answer, by process name. */
export const ProcessDeploymentsAnswer = Type.Object({ data: Type.Array(DeployedProcess) });
export type ProcessDeploymentsAnswer = Static<typeof ProcessDeploymentsAnswer>;

/** `POST deployments` answer: the new version and its warnings. */
export const DeployAnswer = Type.Object({
  data: DeployedVersion,
  warnings: Type.Array(DeploymentProblem),
});
export type DeployAnswer = Static<typeof DeployAnswer>;

/** Path parameters of the retire call. */
export const RetireParams = Type.Object(
  { definitionId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
export type RetireParams = Static<typeof RetireParams>;

/** `POST retire` answer: the version, and how many live versions its key has left (0: nobody can start it). */
export const RetireAnswer = Type.Object({
  data: DeployedVersion,
  liveVersions: Type.Integer(),
});
export type RetireAnswer = Static<typeof RetireAnswer>;
