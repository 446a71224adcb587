import { fieldAria } from './fieldAria';
import type { FieldWidgetProps } from './fieldPlugin';
import { CONTROL_INDICATOR, CONTROL_INPUT, controlClassName } from './widgetClasses';

/** Props of {@link LabelledToggle}: the widget's props and the look of the control. */
export interface LabelledToggleProps extends FieldWidgetProps {
  /** A tick box or a switch. */
  kind: 'checkbox' | 'switch';
}

/**
 * One native checkbox with the field's label beside it, styled as Blueprint's checkbox or
 * switch: its value is `true` when ticked. The required mark follows the label.
 */
export function LabelledToggle(props: LabelledToggleProps) {
  const { kind, field, inputId, value, onChange, onBlur, readOnly, text } = props;
  return (
    <label className={controlClassName(kind)}>
      <input
        id={inputId}
        type="checkbox"
        className={CONTROL_INPUT}
        role={kind === 'switch' ? 'switch' : undefined}
        checked={value === true}
        disabled={readOnly}
        {...fieldAria(props)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
      />
      <span className={CONTROL_INDICATOR} />
      {text.label}
      {field.required && (
        <span className="tf-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}
