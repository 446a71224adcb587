import { Classes } from '@blueprintjs/core';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { valueText } from '../../src/core/forms/fields/valueText';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { multilineLimit } from './validate';

/** A text area with a used/max counter when the field has a limit. */
export function MultilineWidget(props: FieldWidgetProps) {
  const { field, inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
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
        {...fieldAria(props, limit !== undefined && counterId)}
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
