import { useState, type FocusEvent } from 'react';
import { DateField } from '../../src/components/DateField';
import { isoDateToDisplay } from '../../src/core/dates/parseDateInput';
import { readTypedDay } from '../../src/core/dates/readTypedDay';
import { applyDateMask, DUE_DATE_MASK } from '../../src/dates/applyDateMask';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { displayFormatOf, formatDateTime } from './formatDateTime';
import { dateTimeBoundsOf, isDateTime, sanitizeDateTime } from './validate';
import './datetime.css';

/** The time of day as typed: hours and minutes, 24-hour. */
const TIME_MASK = '99:99';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The two texts of the editor: the day as typed (`05/03/2026`) and the time (`14:30`). */
interface Parts {
  readonly day: string;
  readonly time: string;
}

/** A saved value in the editor's two texts; text that is not a date-time goes in the day. */
function partsOf(value: unknown): Parts {
  if (typeof value !== 'string') return { day: '', time: '' };
  if (isDateTime(value)) return { day: isoDateToDisplay(value), time: value.slice(11, 16) };
  return { day: value, time: '' };
}

/**
 * The value the two texts make: `YYYY-MM-DDTHH:mm` once both are complete, nothing when both
 * are empty, else the texts as typed, which the validator refuses with its message.
 */
function valueOf({ day, time }: Parts): string | null {
  if (day === '' && time === '') return null;
  const iso = readTypedDay(day);
  if (iso && TIME.test(time)) return `${iso}T${time}`;
  return `${day} ${time}`.trim();
}

/**
 * A date and a time of day: the day typed as `DD/MM/YYYY` with a calendar beside it (the
 * date field's), the time typed as `HH:mm` on the 24-hour clock, whatever the browser's
 * language. It saves the wall-clock `YYYY-MM-DDTHH:mm`; the calendar is bounded by the
 * field's limits and 9999-12-31. Read-only, it shows the author's display format.
 */
export function DateTimeWidget(props: FieldWidgetProps) {
  const { field, inputId, value, readOnly, invalid, runtime } = props;
  if (readOnly) {
    // A stored variable may carry seconds or a zone (`…:00Z`): shown as the field saves it.
    const saved = sanitizeDateTime(typeof value === 'string' ? value : '') ?? '';
    const shown = formatDateTime(saved, runtime.locale, displayFormatOf(field));
    return (
      <input
        id={inputId}
        className={inputClassName(invalid, 'tf-datetime')}
        {...fieldAria(props)}
        type="text"
        readOnly
        value={shown}
      />
    );
  }
  return <EditableDateTime {...props} />;
}

function EditableDateTime(props: FieldWidgetProps) {
  const { field, inputId, value, onChange, onBlur, invalid, text, runtime } = props;
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (Autofill, a reset) replaces the texts; one the texts made
  // keeps them as typed.
  if (value !== seen) {
    setSeen(value);
    if (value !== valueOf(parts)) setParts(partsOf(value));
  }
  const update = (next: Parts) => {
    setParts(next);
    const made = valueOf(next);
    setSeen(made);
    onChange(made);
  };
  const { min, max } = dateTimeBoundsOf(field);
  const aria = fieldAria(props);
  const iso = readTypedDay(parts.day);
  // Errors show once the whole field is left, not when the focus moves from day to time.
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
  };
  return (
    <div className="tf-datetime-editor" onBlur={leave}>
      <DateField
        id={inputId}
        text={parts.day}
        mask={DUE_DATE_MASK}
        placeholder={runtime.t('dateField.placeholder')}
        locale={runtime.locale}
        min={min?.slice(0, 10)}
        max={max?.slice(0, 10)}
        selected={iso}
        invalid={invalid}
        required={field.required}
        describedBy={aria['aria-describedby']}
        inputClassName={inputClassName(invalid, 'tf-datetime')}
        onTextChange={(day) => update({ ...parts, day })}
        onPick={(day) => update({ ...parts, day: isoDateToDisplay(day) })}
      />
      <input
        id={`${inputId}-time`}
        className={inputClassName(invalid, 'tf-datetime__time')}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={TIME_MASK.length}
        placeholder="--:--"
        aria-label={runtime.t('dateField.time', { label: text.label })}
        {...aria}
        value={parts.time}
        onChange={(event) =>
          update({ ...parts, time: applyDateMask(event.target.value, TIME_MASK) })
        }
      />
    </div>
  );
}
