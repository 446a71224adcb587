import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { optionCaption } from '../../src/core/forms/fields/options';
import { ChoiceControl } from '../../src/forms/registry/ChoiceControl';
import { LabelledToggle } from '../../src/forms/registry/LabelledToggle';
import { hasChoices } from './validate';

/** Tick boxes: one per choice, or a single box with the label beside it. */
export function CheckboxWidget(props: FieldWidgetProps) {
  if (!hasChoices(props.field)) return <LabelledToggle kind="checkbox" {...props} />;
  const { inputId, errorId, value, onChange, onBlur, readOnly, text, runtime } = props;
  const ticked = Array.isArray(value) ? value : [];
  return (
    <div
      id={inputId}
      role="group"
      aria-label={text.label}
      aria-describedby={errorId}
      className="tf-choices"
    >
      {text.options.map((option, index) => (
        <ChoiceControl
          key={index}
          kind="checkbox"
          checked={ticked.includes(option.value)}
          disabled={readOnly}
          onChange={(checked) => {
            // Keep the choices' order, whatever order they were ticked in.
            const next = text.options
              .map((candidate) => candidate.value)
              .filter((candidate) =>
                candidate === option.value ? checked : ticked.includes(candidate),
              );
            onChange(next);
          }}
          onBlur={onBlur}
        >
          {optionCaption(option, runtime.accessTest)}
        </ChoiceControl>
      ))}
    </div>
  );
}
