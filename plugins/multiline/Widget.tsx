import { Classes } from '@blueprintjs/core';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { valueText } from '../../src/core/forms/fields/valueText';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { multilineLimit } from './validate';

/** A text area with a used/max counter when the field has a limit. */
export function MultilineWidget({
  field,
  inputId,
  errorId,
  value,
  onChange,
  onBlur,
  readOnly,
  invalid,
  text,
  runtime,
}: FieldWidgetProps) {
  const content = valueText(value);
  const limit = multilineLimit(field);
  const rows = typeof text.config.rows === 'number' ? text.config.rows : 3;
  const over = limit !== undefined && content.length > limit;
  const counterId = `${inputId}__counter`;
  return (
    <>
      <textarea
        id={inputId}
        className={inputClassName(invalid, 'tf-textarea')}
        rows={rows}
        value={content}
        placeholder={text.placeholder}
        readOnly={readOnly}
        aria-invalid={invalid || undefined}
        aria-required={field.required || undefined}
        aria-describedby={
          [errorId, limit !== undefined ? counterId : undefined].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {limit !== undefined && !readOnly && (
        <div
          id={counterId}
          className={`tf-counter ${over ? Classes.INTENT_DANGER : Classes.TEXT_MUTED}`}
          aria-live="polite"
        >
          {runtime.t('fields.multiline.counter', { used: content.length, max: limit })}
        </div>
      )}
    </>
  );
}
