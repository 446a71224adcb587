import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { valueText } from '../../src/core/forms/fields/valueText';
import { inputClassName } from '../../src/forms/registry/widgetClasses';

/** A one-line text input. */
export function TextWidget(props: FieldWidgetProps) {
  const { inputId, value, onChange, onBlur, readOnly, invalid, text } = props;
  return (
    <input
      id={inputId}
      type="text"
      className={inputClassName(invalid)}
      value={valueText(value)}
      placeholder={text.placeholder}
      readOnly={readOnly}
      {...fieldAria(props)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
