import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { optionCaption } from '../../src/core/forms/fields/options';
import {
  CONTROL_INDICATOR,
  CONTROL_INPUT,
  controlClassName,
} from '../../src/forms/registry/widgetClasses';

/** One choice among radio buttons; a short list sits on one line. */
export function RadioWidget(props: FieldWidgetProps) {
  const { inputId, value, onChange, onBlur, readOnly, text, runtime } = props;
  const inline = text.options.length <= 3 || text.config.inline === true;
  return (
    <div
      id={inputId}
      role="radiogroup"
      aria-label={text.label}
      {...fieldAria(props)}
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
