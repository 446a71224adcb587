import { readFileSync } from 'node:fs';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError, NotFoundError, UnprocessableError } from '../../src/api/errors';
import type { WebhookService } from '../../src/forms/registry/formServices';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled, designerForm } from '../../src/forms/runtime/runtimeTestKit';
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

/** The demo's loan application, whose bureau button fills four read-only fields. */
const loanApplication = compiled(
  JSON.parse(readFileSync('fixtures/forms/DSG-loan-application.json', 'utf8')) as unknown,
);

/** What the server answers a press of the bureau button: its recorded answer, by field. */
const BUREAU_ANSWER = {
  isSuccess: true,
  isServerError: false,
  isHttpError: false,
  httpErrorCode: null,
  isPreScriptError: false,
  scriptErrorCode: null,
  values: {
    bureauScore: 716,
    bureauBand: 'B',
    bureauCheckedAt: '2026-03-14T10:32:05.123Z',
    bureauReference: 'CB-2026-7K3QX9MD2A',
    // Not a field this button names: never taken into the form.
    officerNotes: 'Overwritten by the bureau',
  },
} as const;

describe.each([
  {
    locale: 'en',
    button: 'Run the credit bureau check',
    labels: [/Credit score/, /Risk band/, /Checked on/, /Bureau reference/],
    shown: ['716', 'B · low risk', '14 Mar 2026 10:32', 'CB-2026-7K3QX9MD2A'],
  },
  {
    locale: 'fr',
    button: 'Consulter le fichier de crédit',
    labels: [/Score de crédit/, /Classe de risque/, /Consulté le/, /Référence de la consultation/],
    shown: ['716', 'B · risque faible', '14 mars 2026 10:32', 'CB-2026-7K3QX9MD2A'],
  },
])('the loan application’s bureau button in $locale', ({ locale, button, labels, shown }) => {
  it('given the bureau’s answer, when pressed, then its read-only fields show score, band, time and reference in the reader’s language', async () => {
    const webhooks: WebhookService = { call: vi.fn(() => Promise.resolve(BUREAU_ANSWER)) };
    render(
      <TaskForm
        form={loanApplication}
        locale={locale}
        registry={registry}
        services={{ webhooks }}
        initialValues={{ officerNotes: 'Payslips checked.' }}
        onSubmit={vi.fn()}
      />,
    );
    const fields = labels.map((label) => screen.getByLabelText(label) as HTMLInputElement);
    for (const field of fields) {
      expect(field.readOnly).toBe(true);
      expect(field.value).toBe('');
    }

    fireEvent.click(await screen.findByRole('button', { name: button }));

    await screen.findByTestId('webhook-result');
    expect(webhooks.call).toHaveBeenCalledWith('credit-check', expect.any(Object));
    expect(fields.map((field) => field.value)).toEqual(shown);
    expect(
      (
        screen.getByLabelText(
          locale === 'en' ? /Loan officer notes/ : /Notes du chargé/,
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('Payslips checked.');
  });
});
