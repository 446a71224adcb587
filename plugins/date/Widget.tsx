import { DateField } from '../../src/components/DateField';
import { useDayDraft } from '../../src/components/useDayDraft';
import { DUE_DATE_MASK } from '../../src/dates/applyDateMask';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { formatDate, parseMasked } from './formatDate';
import { dateBoundsOf, dateMaskOf, isIsoDate } from './validate';

/**
 * A date, typed day first as `DD/MM/YYYY` through the 99/99/9999 mask (or in the author's
 * format, `D-M-YYYY`, when the form sets one) with a calendar beside it, in the form's
 * language. It saves the ISO day once the text is one, and keeps other text as typed so
 * the validator names what is wrong. Read-only, it shows `DD MMM YYYY`.
 */
export function DateWidget(props: FieldWidgetProps) {
  const { inputId, value, readOnly, invalid, runtime } = props;
  if (readOnly) {
    const iso = typeof value === 'string' ? value : '';
    return (
      <input
        id={inputId}
        className={inputClassName(invalid, 'tf-date')}
        {...fieldAria(props)}
        type="text"
        readOnly
        value={formatDate(iso, runtime.locale)}
      />
    );
  }
  return <EditableDate {...props} />;
}

// Holds what is typed until the field is left, then shows the saved day in its format.
function EditableDate(props: FieldWidgetProps) {
  const { field, inputId, value, onChange, onBlur, invalid, runtime } = props;
  const format = dateMaskOf(field);
  const day = useDayDraft({
    value,
    isDay: isIsoDate,
    onChange,
    onBlur,
    ...(format
      ? {
          show: (iso: string) => formatDate(iso, runtime.locale, format),
          read: (typed: string) => parseMasked(typed, format, runtime.locale),
        }
      : {}),
  });
  const { min, max } = dateBoundsOf(field);
  return (
    <DateField
      id={inputId}
      {...day}
      mask={format ? undefined : DUE_DATE_MASK}
      placeholder={format ?? runtime.t('dateField.placeholder')}
      locale={runtime.locale}
      min={min}
      max={max}
      invalid={invalid}
      required={field.required}
      describedBy={fieldAria(props)['aria-describedby']}
      inputClassName={inputClassName(invalid, 'tf-date')}
    />
  );
}
