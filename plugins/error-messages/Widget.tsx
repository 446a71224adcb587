import { Callout, Tooltip, type Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { isFormulaError } from '../../src/core/forms/formula/formulaValue';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { MESSAGE_BLOCKS_CODE } from '../../src/core/forms/fields/validationError';
import { isMessageShown } from './validate';

const LOOK: Readonly<Record<string, { intent: Intent; icon: IconName | undefined }>> = {
  Error: { intent: 'danger', icon: 'error' },
  Alert: { intent: 'warning', icon: 'warning-sign' },
  Info: { intent: 'primary', icon: 'info-sign' },
  Success: { intent: 'success', icon: 'tick-circle' },
  None: { intent: 'none', icon: undefined },
};

// How long the "resolve this first" tooltip stays open after a refused submit click.
const TOOLTIP_MS = 5000;

/**
 * A message (Error, Alert, Info, None, Success) in a Blueprint Callout, shown when its rule
 * is unmet. A blocking one whose rule is false stops submit; after a submit click it is
 * outlined and a tooltip says why the form was not sent.
 */
export const ErrorMessagesWidget = observer(function ErrorMessagesWidget({
  field,
  inputId,
  value,
  text,
  runtime,
}: FieldWidgetProps) {
  const { host, t } = runtime;
  const blocking = (host.errorsOf(field.id) ?? []).some(
    (error) => error.code === MESSAGE_BLOCKS_CODE,
  );
  const attempts = host.submitAttempts;
  const [tooltipOpen, setTooltipOpen] = useState(false);
  useEffect(() => {
    if (!blocking || attempts === 0) return undefined;
    setTooltipOpen(true);
    const timer = setTimeout(() => setTooltipOpen(false), TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [blocking, attempts]);
  if (!isMessageShown(field, value)) return null;
  const kind = typeof text.config.kind === 'string' ? text.config.kind : 'Info';
  const look = LOOK[kind] ?? LOOK.Info ?? { intent: 'none' as const, icon: undefined };
  const message = typeof text.config.message === 'string' ? text.config.message : '';
  const callout = (
    <Callout
      id={inputId}
      intent={look.intent}
      icon={look.icon ?? null}
      compact
      title={text.label || undefined}
      className={blocking ? 'tf-message tf-message-blocking' : 'tf-message'}
      role={blocking ? 'alert' : 'status'}
    >
      {message}
      {isFormulaError(value) && (
        <div className="tf-message-rule-error">{t(`validation.${value.code}`, value.params)}</div>
      )}
    </Callout>
  );
  if (!blocking) return callout;
  return (
    <Tooltip
      content={t(MESSAGE_BLOCKS_CODE)}
      intent="danger"
      placement="top"
      isOpen={tooltipOpen ? true : undefined}
      fill
    >
      {callout}
    </Tooltip>
  );
});
