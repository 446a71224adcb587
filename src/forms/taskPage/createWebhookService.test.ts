import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebhookPath } from '../../../schemas/api/webhooksConstants';
import type { WebhookResult } from '../../../schemas/api/webhooks';
import { ApiError } from '../../api/errors';
import { FakeServer } from '../../testing/fakeServer';
import { createWebhookService } from './createWebhookService';

const HTTP_ERROR: WebhookResult = {
  isSuccess: false,
  isServerError: false,
  isHttpError: true,
  httpErrorCode: 503,
  isPreScriptError: false,
  scriptErrorCode: null,
};

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
});
afterEach(() => server.restore());

describe('createWebhookService', () => {
  it('given a button press, when called, then it sends the target name, the task and the values, and answers the result', async () => {
    server.on('POST', WebhookPath.call, { status: 200, body: { result: HTTP_ERROR } });
    const webhooks = createWebhookService('task-7');

    const result = await webhooks.call('credit-check', { customerId: 'C-1', loanAmount: 12000 });

    expect(result).toEqual(HTTP_ERROR);
    expect(server.calls('POST', WebhookPath.call)[0]?.body).toEqual({
      name: 'credit-check',
      taskId: 'task-7',
      values: { customerId: 'C-1', loanAmount: 12000 },
    });
  });

  it('given a name the tenant has not configured, when called, then it rejects with the refusal', async () => {
    server.on('POST', WebhookPath.call, {
      status: 404,
      body: { statusCode: 404, code: 'WEBHOOK_NOT_CONFIGURED', message: 'No webhook.' },
    });
    const webhooks = createWebhookService('task-7');

    await expect(webhooks.call('unknown', {})).rejects.toBeInstanceOf(ApiError);
  });
});
