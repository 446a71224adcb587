import type {
  DeployAnswer,
  DeployedProcess,
  DeployedVersion,
  DeploymentBody,
  DeploymentCheckAnswer,
  DeploymentProblem,
  ProcessDeploymentsAnswer,
  RetireAnswer,
} from '../../schemas/api/processDeployments';
import { ProcessDeploymentPath } from '../../schemas/api/processDeploymentsConstants';
import { http } from './httpClient';

export type {
  DeployAnswer,
  DeployedProcess,
  DeployedVersion,
  DeploymentBody,
  DeploymentCheckAnswer,
  DeploymentProblem,
  RetireAnswer,
};

/** Checking and deploying a large process on a busy server takes longer than an ordinary call. */
const DEPLOY_TIMEOUT_MS = 120_000;

/** What the process deployment screen calls, so a test or another host can hand in its own. */
export interface ProcessDeploymentsApi {
  list(): Promise<ProcessDeploymentsAnswer>;
  check(body: DeploymentBody): Promise<DeploymentCheckAnswer>;
  deploy(body: DeploymentBody): Promise<DeployAnswer>;
  retire(definitionId: string): Promise<RetireAnswer>;
}

/** The administrators' deployment calls over the app's HTTP client. */
export const processDeploymentsApi: ProcessDeploymentsApi = {
  async list() {
    return (await http.get<ProcessDeploymentsAnswer>(ProcessDeploymentPath.deployments)).data;
  },
  async check(body) {
    return (
      await http.post<DeploymentCheckAnswer>(ProcessDeploymentPath.check, body, {
        timeout: DEPLOY_TIMEOUT_MS,
      })
    ).data;
  },
  async deploy(body) {
    return (
      await http.post<DeployAnswer>(ProcessDeploymentPath.deployments, body, {
        timeout: DEPLOY_TIMEOUT_MS,
      })
    ).data;
  },
  async retire(definitionId) {
    return (await http.post<RetireAnswer>(ProcessDeploymentPath.retire(definitionId))).data;
  },
};
