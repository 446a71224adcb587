import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError, NotFoundError, UnprocessableError } from '../../src/api/errors';
import type { WebhookService } from '../../src/forms/registry/formServices';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import { i18n } from '../../src/i18n/i18n';
import en from './locales/en.json';

const registry = createFieldRegistry();
const form = designerForm([
  {
    id: 'creditBureauCheck',
    type: 'webhook-button',
    label: 'Run the credit bureau check',
    config: { webhook: 'credit-check' },
  },
]);

/** Presses the button with a caller that fails with `error`, and answers the message shown. */
async function pressFailingWith(error: Error): Promise<string | null> {
  const webhooks: WebhookService = { call: vi.fn(() => Promise.reject(error)) };
  render(
    <TaskForm
      form={form}
      locale="en"
      registry={registry}
      services={{ webhooks }}
      initialValues={{}}
      onSubmit={vi.fn()}
    />,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Run the credit bureau check' }));
  const result = await screen.findByTestId('webhook-result');
  expect(webhooks.call).toHaveBeenCalledWith('credit-check', expect.any(Object));
  expect(result.getAttribute('data-outcome')).toBe('failed');
  return result.textContent;
}

describe('WebhookButtonWidget', () => {
  it('given a name the tenant has no target for, when pressed, then it says so in the server error’s own words, not “try again”', async () => {
    const text = await pressFailingWith(
      new NotFoundError('WEBHOOK_NOT_CONFIGURED', 'No webhook target of that name.'),
    );
    expect(text).toBe(i18n.t('errors.WEBHOOK_NOT_CONFIGURED'));
    expect(text).not.toBe(en.webhookButton.callFailed);
  });

  it('given a name the task’s form has no button for, when pressed, then it says that', async () => {
    const text = await pressFailingWith(
      new UnprocessableError('WEBHOOK_NOT_ON_FORM', 'The form has no such button.'),
    );
    expect(text).toBe(i18n.t('errors.WEBHOOK_NOT_ON_FORM'));
  });

  it('given no connection or another refusal, when pressed, then it asks to try again', async () => {
    expect(await pressFailingWith(new NetworkError())).toBe(en.webhookButton.callFailed);
  });
});
