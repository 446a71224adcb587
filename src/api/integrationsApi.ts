import type {
  CreateIntegrationClientBody,
  CreatedIntegrationClientAnswer,
  ExternalTaskAnswer,
  ExternalTaskItem,
  ExternalTasksAnswer,
  IntegrationClient,
  IntegrationClientAnswer,
  IntegrationClientsAnswer,
} from '../../schemas/api/integration';
import {
  ExternalTaskAdminPath,
  IntegrationClientPath,
} from '../../schemas/api/integrationConstants';
import { http } from './httpClient';

export type {
  CreateIntegrationClientBody,
  CreatedIntegrationClientAnswer,
  ExternalTaskItem,
  IntegrationClient,
};

/** What the integrations screen calls, so a test or another host can hand in its own. */
export interface IntegrationsApi {
  /** The tenant's clients, newest first, revoked ones included. */
  listClients(): Promise<IntegrationClientsAnswer>;
  /** Makes a client; the answer carries its token, which is never given again. */
  createClient(body: CreateIntegrationClientBody): Promise<CreatedIntegrationClientAnswer>;
  /** Revokes a client: its token stops working at once. */
  revokeClient(clientId: string): Promise<IntegrationClientAnswer>;
  /** The external tasks with no attempt left (the incidents), oldest first. */
  listIncidents(): Promise<ExternalTasksAnswer>;
  /** Gives an external task `retries` attempts again, so workers fetch it once more. */
  retry(externalTaskId: string, retries: number): Promise<ExternalTaskAnswer>;
}

/** The administrators' integration calls over the app's HTTP client. */
export const integrationsApi: IntegrationsApi = {
  async listClients() {
    return (await http.get<IntegrationClientsAnswer>(IntegrationClientPath.clients)).data;
  },
  async createClient(body) {
    return (await http.post<CreatedIntegrationClientAnswer>(IntegrationClientPath.clients, body))
      .data;
  },
  async revokeClient(clientId) {
    return (await http.post<IntegrationClientAnswer>(IntegrationClientPath.revoke(clientId))).data;
  },
  async listIncidents() {
    return (
      await http.get<ExternalTasksAnswer>(ExternalTaskAdminPath.externalTasks, {
        params: { failedOnly: true },
      })
    ).data;
  },
  async retry(externalTaskId, retries) {
    return (
      await http.post<ExternalTaskAnswer>(ExternalTaskAdminPath.retries(externalTaskId), {
        retries,
      })
    ).data;
  },
};
