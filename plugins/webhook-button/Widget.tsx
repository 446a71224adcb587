import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { ErrorCode } from '../../schemas/api/commonConstants';
import type { FieldWidgetProps, Translate } from '../../src/forms/registry/fieldPlugin';
import type { WebhookResult } from '../../src/forms/registry/formServices';
import { ServiceUnavailable } from '../../src/forms/registry/ServiceUnavailable';
import { answerFieldsOf } from './answerFields';
import './webhookButton.css';

/** Where the button stands since it was last pressed. */
const CallStatus = {
  idle: 'idle',
  calling: 'calling',
  answered: 'answered',
  failed: 'failed',
} as const;
type CallStatus = (typeof CallStatus)[keyof typeof CallStatus];

type CallState =
  | { readonly status: typeof CallStatus.idle | typeof CallStatus.calling }
  | { readonly status: typeof CallStatus.failed; readonly reason: string | null }
  | { readonly status: typeof CallStatus.answered; readonly result: WebhookResult };

/**
 * The server's refusals that no retry can mend, each with its own message (errors.{code}):
 * the tenant has no target of that name, or the task's form has no button for it.
 */
const SETUP_REFUSALS: readonly string[] = [
  ErrorCode.webhookNotConfigured,
  ErrorCode.webhookNotOnForm,
];

/** The refusal code of a failed call when it is one of SETUP_REFUSALS, else null. */
function setupRefusalOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SETUP_REFUSALS.includes(code) ? code : null;
}

/** The message of a result (spec 001 section 8, "Webhook"), with how it looks. */
function messageOf(
  result: WebhookResult,
  t: Translate,
): { intent: 'success' | 'danger'; text: string } {
  if (result.isSuccess) return { intent: 'success', text: t('webhookButton.httpSuccess') };
  if (result.isHttpError) {
    return {
      intent: 'danger',
      text: t('webhookButton.httpError', { code: result.httpErrorCode ?? '' }),
    };
  }
  const script = result.isPreScriptError ? 'prescript' : 'postscript';
  return {
    intent: 'danger',
    text: t('webhookButton.scriptError', {
      code: result.scriptErrorCode ?? '',
      script: t(`webhookButton.script.${script}`),
    }),
  };
}

/**
 * A webhook button: pressing it sends the form's current values to the server, which calls
 * the target the field names (`config.webhook`); the answer shows under the button as
 * success, an HTTP error with its code, or a script error with its code and script. A button
 * that reads its answer (`config.answerFields`) puts the values the server recorded into
 * the form's fields of those names (read-only fields, usually), which show them in the
 * reader's language as their types do. Without a webhook caller (the author preview) it says
 * the service is not available; in a read-only form it cannot be pressed.
 */
export function WebhookButtonWidget({ field, inputId, readOnly, text, runtime }: FieldWidgetProps) {
  const { t, services, host } = runtime;
  const webhooks = services.webhooks;
  const webhook = typeof field.config.webhook === 'string' ? field.config.webhook : '';
  const [state, setState] = useState<CallState>({ status: CallStatus.idle });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const resultId = `${inputId}-result`;

  const press = () => {
    if (!webhooks) return;
    setState({ status: CallStatus.calling });
    webhooks.call(webhook, host.values()).then(
      (result) => {
        if (!mounted.current) return;
        // Only the fields this button names take a value, and only the server's.
        const answerFields = answerFieldsOf(field.config);
        for (const [fieldId, value] of Object.entries(result.values ?? {})) {
          if (Object.hasOwn(answerFields, fieldId)) host.setValue(fieldId, value);
        }
        setState({ status: CallStatus.answered, result });
      },
      (error: unknown) => {
        if (mounted.current) setState({ status: CallStatus.failed, reason: setupRefusalOf(error) });
      },
    );
  };

  const shown =
    state.status === CallStatus.answered
      ? messageOf(state.result, t)
      : state.status === CallStatus.failed
        ? {
            intent: 'danger' as const,
            text: state.reason ? t(`errors.${state.reason}`) : t('webhookButton.callFailed'),
          }
        : null;

  return (
    <div className="tf-webhook">
      <Button
        id={inputId}
        intent="primary"
        variant="outlined"
        text={text.label || t('webhookButton.defaultLabel')}
        loading={state.status === CallStatus.calling}
        disabled={readOnly || !webhooks || webhook === ''}
        aria-describedby={shown ? resultId : undefined}
        onClick={press}
      />
      {!webhooks && !readOnly && <ServiceUnavailable service="webhooks" field={field} t={t} />}
      <div id={resultId} role="status" aria-live="polite" className="tf-webhook__result">
        {shown && (
          <Callout
            compact
            intent={shown.intent}
            data-testid="webhook-result"
            data-outcome={
              state.status === CallStatus.answered
                ? state.result.isSuccess
                  ? 'success'
                  : state.result.isHttpError
                    ? 'httpError'
                    : 'scriptError'
                : 'failed'
            }
          >
            {shown.text}
          </Callout>
        )}
      </div>
    </div>
  );
}
