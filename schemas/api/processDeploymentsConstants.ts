// The process deployment API's paths and limits, without any schema: what the client's
// admin screen imports for its file checks before anything is sent.

import { apiRoute } from './apiRoute';

/**
 * Administrators' process deployment calls (access-admin). Not in the specs; named after
 * Flowable's repository calls (`deployments`, `process-definitions`).
 */
export const ProcessDeploymentPath = {
  /** GET: every deployed process with all its versions. POST: deploy a BPMN file and its forms. */
  deployments: '/api/admin/v1/process-deployments',
  /** POST: check a BPMN file and its forms as a deploy would, storing nothing. */
  check: '/api/admin/v1/process-deployments/check',
  /** POST (no body): retire one version; new starts never take it, running instances finish. */
  retire: apiRoute('/api/admin/v1/process-definitions/:definitionId/retire'),
} as const;

/** Largest request of a check or a deploy, in bytes: the BPMN file and every form file. */
export const DEPLOYMENT_BODY_LIMIT = 4 * 1024 * 1024;
/** Longest BPMN file, in characters. */
export const BPMN_FILE_MAX_CHARS = 2_000_000;
/** Longest form file, in characters. */
export const FORM_FILE_MAX_CHARS = 1_000_000;
/** Most form files one deployment carries. */
export const DEPLOYMENT_FORMS_MAX = 40;
/** Longest file name. */
export const DEPLOYMENT_FILE_NAME_MAX = 200;

/** Where a deployment problem was found. */
export const DeploymentProblemSource = {
  /** The BPMN parser: a refusal or a setting that changes nothing. */
  bpmn: 'bpmn',
  /** The process read with its forms: a variable read before anything writes it. */
  processForms: 'processForms',
  /** A form file: not JSON, not its format, or what its compiler warns about. */
  form: 'form',
} as const;
export type DeploymentProblemSource =
  (typeof DeploymentProblemSource)[keyof typeof DeploymentProblemSource];

/** How grave a problem is: errors refuse the deployment, warnings do not. */
export const DeploymentSeverity = { error: 'error', warning: 'warning' } as const;
export type DeploymentSeverity = (typeof DeploymentSeverity)[keyof typeof DeploymentSeverity];
