import { useState } from 'react';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { formatDate, parseMasked } from './formatDate';
import { dateBoundsOf, dateMaskOf, isIsoDate } from './validate';

/**
 * A date. Without a mask it is the browser's date input, bounded by the field's limits
 * and 9999-12-31 so a five-digit year cannot be typed. With a mask (`D-M-YYYY`) it is a
 * text input in that format. Read-only, it shows `DD MMM YYYY` in the form's language.
 */
export function DateWidget(props: FieldWidgetProps) {
  const { field, inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
  const mask = dateMaskOf(field);
  const iso = typeof value === 'string' ? value : '';
  const common = {
    id: inputId,
    className: inputClassName(invalid, 'tf-date'),
    ...fieldAria(props),
  };
  if (readOnly) {
    return <input {...common} type="text" readOnly value={formatDate(iso, runtime.locale)} />;
  }
  if (mask) return <MaskedDateInput {...props} mask={mask} common={common} />;
  const { min, max } = dateBoundsOf(field);
  return (
    <input
      {...common}
      type="date"
      min={min}
      max={max}
      value={isIsoDate(iso) ? iso : ''}
      placeholder={text.placeholder}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={onBlur}
    />
  );
}

interface MaskedDateInputProps extends FieldWidgetProps {
  /** The dayjs format the author chose. */
  readonly mask: string;
  /** Attributes shared with the other inputs. */
  readonly common: Record<string, unknown>;
}

// Keeps what is typed until it fits the mask, then stores the ISO day.
function MaskedDateInput({ value, onChange, onBlur, runtime, mask, common }: MaskedDateInputProps) {
  const iso = typeof value === 'string' && isIsoDate(value) ? value : undefined;
  const [draft, setDraft] = useState<string | null>(null);
  const shown =
    draft ?? (iso ? formatDate(iso, runtime.locale, mask) : typeof value === 'string' ? value : '');
  return (
    <input
      {...common}
      type="text"
      placeholder={mask}
      value={shown}
      onChange={(event) => {
        const typed = event.target.value;
        setDraft(typed);
        onChange(typed === '' ? null : (parseMasked(typed, mask, runtime.locale) ?? typed));
      }}
      onBlur={() => {
        setDraft(null);
        onBlur();
      }}
    />
  );
}
