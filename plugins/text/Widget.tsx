import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { valueText } from '../../src/core/forms/fields/valueText';
import { inputClassName } from '../../src/forms/registry/widgetClasses';

/** A one-line text input. */
export function TextWidget({
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
    <input
      id={inputId}
      type="text"
      className={inputClassName(invalid)}
      value={valueText(value)}
      placeholder={text.placeholder}
      readOnly={readOnly}
      aria-invalid={invalid || undefined}
      aria-required={field.required || undefined}
      aria-describedby={errorId}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
