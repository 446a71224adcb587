import { callWebhook } from '../../api/webhooksApi';
import type { WebhookService } from '../registry/formServices';

/**
 * The task page's webhook caller for the webhook button fields: each press asks the server
 * to call the target the button names, for this task, with the form's current values. The
 * browser sends a name, never a URL: the server calls only the tenant's configured targets.
 */
export function createWebhookService(taskId: string): WebhookService {
  return {
    call: (webhook, values) => callWebhook({ name: webhook, taskId, values: { ...values } }),
  };
}
