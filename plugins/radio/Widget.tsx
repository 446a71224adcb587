import { ChoiceControl } from '../../src/forms/registry/ChoiceControl';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { optionCaption } from '../../src/core/forms/fields/options';

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
        <ChoiceControl
          key={index}
          kind="radio"
          inline={inline}
          name={inputId}
          checked={option.value === value}
          disabled={readOnly}
          onChange={() => onChange(option.value)}
          onBlur={onBlur}
        >
          {optionCaption(option, runtime.accessTest)}
        </ChoiceControl>
      ))}
    </div>
  );
}
