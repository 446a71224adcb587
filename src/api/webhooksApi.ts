import type { WebhookCallAnswer, WebhookCallBody, WebhookResult } from '../../schemas/api/webhooks';
import { WebhookPath } from '../../schemas/api/webhooksConstants';
import { http } from './httpClient';

export type { WebhookResult };

/**
 * Presses a webhook button (spec 001 section 7, "POST webhook"): the server calls the
 * tenant's target of that name for the task, with the form's current values, and answers
 * what the target said as a `WebhookResult`. A name the tenant has not configured, or a task
 * the user may not work on, rejects with the `ApiError` of the refusal.
 */
export async function callWebhook(body: WebhookCallBody): Promise<WebhookResult> {
  const response = await http.post<WebhookCallAnswer>(WebhookPath.call, body);
  return response.data.result;
}
