import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { optionCaption } from '../../src/core/forms/fields/options';
import {
  CONTROL_INDICATOR,
  CONTROL_INPUT,
  controlClassName,
} from '../../src/forms/registry/widgetClasses';

/** One choice among radio buttons; a short list sits on one line. */
export function RadioWidget({
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
  const inline = text.options.length <= 3 || text.config.inline === true;
  return (
    <div
      id={inputId}
      role="radiogroup"
      aria-label={text.label}
      aria-invalid={invalid || undefined}
      aria-required={field.required || undefined}
      aria-describedby={errorId}
      className="tf-choices"
    >
      {text.options.map((option, index) => (
        <label key={index} className={controlClassName('radio', inline)}>
          <input
            type="radio"
            className={CONTROL_INPUT}
            name={inputId}
            checked={option.value === value}
            disabled={readOnly}
            onChange={() => onChange(option.value)}
            onBlur={onBlur}
          />
          <span className={CONTROL_INDICATOR} />
          {optionCaption(option, runtime.accessTest)}
        </label>
      ))}
    </div>
  );
}
