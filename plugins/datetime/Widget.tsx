import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { displayFormatOf, formatDateTime } from './formatDateTime';
import { dateTimeBoundsOf, isDateTime, sanitizeDateTime } from './validate';

/**
 * A date and time in the browser's `datetime-local` input: each part is typed digit by
 * digit or stepped with the arrow keys, and its value is the wall-clock `YYYY-MM-DDTHH:mm`
 * the field saves. Bounded by the field's limits and 9999-12-31 23:59, so a five-digit
 * year cannot be typed. Read-only, it shows the author's display format.
 */
export function DateTimeWidget(props: FieldWidgetProps) {
  const { field, inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
  const moment = typeof value === 'string' ? value : '';
  const common = {
    id: inputId,
    className: inputClassName(invalid, 'tf-datetime'),
    ...fieldAria(props),
  };
  if (readOnly) {
    // A stored variable may carry seconds or a zone (`…:00Z`): shown as the field saves it.
    const saved = sanitizeDateTime(moment) ?? '';
    const shown = formatDateTime(saved, runtime.locale, displayFormatOf(field));
    return <input {...common} type="text" readOnly value={shown} />;
  }
  const { min, max } = dateTimeBoundsOf(field);
  return (
    <input
      {...common}
      type="datetime-local"
      min={min}
      max={max}
      // Years below 1000 are real while a year is typed (`0002`), so the input is never
      // handed an empty value mid-typing.
      value={isDateTime(moment) ? moment : ''}
      placeholder={text.placeholder}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={onBlur}
    />
  );
}
