import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import {
  CONTROL_INDICATOR,
  CONTROL_INPUT,
  controlClassName,
} from '../../src/forms/registry/widgetClasses';

/** A yes/no switch with the label beside it. */
export function BooleanWidget({
  field,
  inputId,
  errorId,
  value,
  onChange,
  onBlur,
  readOnly,
  invalid,
  text,
}: FieldWidgetProps) {
  return (
    <label className={controlClassName('switch')}>
      <input
        id={inputId}
        type="checkbox"
        className={CONTROL_INPUT}
        role="switch"
        checked={value === true}
        disabled={readOnly}
        aria-invalid={invalid || undefined}
        aria-required={field.required || undefined}
        aria-describedby={errorId}
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
