import { Button, Classes, PopoverNext, PopupKind, Spinner } from '@blueprintjs/core';
import { CalendarIcon } from '@blueprintjs/icons';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { applyDateMask } from '../dates/applyDateMask';
import './DateField.css';

// The month grid and its library load when a calendar is first opened, so no page pays for
// them before (the sign-in page never does).
const DateCalendar = lazy(() => import('./DateCalendar'));

const ISO_DAY = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;

/** Props of {@link DateField}. */
export interface DateFieldProps {
  /** The DOM id of the text input; the field's label points at it. */
  readonly id: string;
  /** The input's name for assistive technology where no label points at it (a table cell). */
  readonly label?: string;
  /** The text the input shows: the date as typed (`05/03/2026`, or partly typed). */
  readonly text: string;
  /** Called with each edit, already fitted to {@link mask} when there is one. */
  onTextChange(text: string): void;
  /** Called when the input is left: where the caller parses and shows its error. */
  onBlur?(): void;
  /** The day the calendar marks and opens on, `YYYY-MM-DD`; none while the text is no date. */
  readonly selected?: string;
  /** Called with the day picked in the calendar, `YYYY-MM-DD`. */
  onPick(day: string): void;
  /** The language of the calendar's month and day names and of the button's label. */
  readonly locale: string;
  /** A digit mask (`99/99/9999`: `9` takes a digit); without one the text is free. */
  readonly mask?: string;
  /** The placeholder, the expected shape (`DD/MM/YYYY` in the reader's language). */
  readonly placeholder?: string;
  /** The earliest day the calendar offers, `YYYY-MM-DD`. */
  readonly min?: string;
  /** The latest day the calendar offers, `YYYY-MM-DD`. */
  readonly max?: string;
  /** The field shows an error now. */
  readonly invalid?: boolean;
  /** The field must be filled. */
  readonly required?: boolean;
  /** Ids of the texts that describe the input (its error, its hint), space-separated. */
  readonly describedBy?: string;
  /** The input's name in its form. */
  readonly name?: string;
  /** Classes of the input itself (form fields use the runtime's); Blueprint's by default. */
  readonly inputClassName?: string;
  /** Classes of the wrapper. */
  readonly className?: string;
  /** The field cannot be used. */
  readonly disabled?: boolean;
  /** A test id for the input. */
  readonly testId?: string;
}

/** Fits typed or pasted text to the mask; an ISO day pasted whole is turned round first. */
function fitText(raw: string, mask: string | undefined): string {
  if (!mask) return raw;
  const iso = ISO_DAY.exec(raw);
  return applyDateMask(iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : raw, mask);
}

/**
 * A date typed as text (`DD/MM/YYYY` through a digit mask, or in a form author's format)
 * with a calendar beside it, in place of the browser's date input, which shows the
 * browser's order whatever the app's language and refuses day-first typing.
 *
 * The keyboard does everything: type the date; open the calendar with its button or
 * Alt+ArrowDown; move between days with the arrows, between months with Page Up/Down; pick
 * with Enter; Escape closes. Either way the focus comes back to the input. What the text
 * means is the caller's: it parses on blur and shows its own translated error, named in
 * {@link DateFieldProps.describedBy}.
 */
export function DateField({
  id,
  label,
  text,
  onTextChange,
  onBlur,
  selected,
  onPick,
  locale,
  mask,
  placeholder,
  min,
  max,
  invalid = false,
  required = false,
  describedBy,
  name,
  inputClassName,
  className,
  disabled = false,
  testId,
}: DateFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // Set when the calendar closes by a pick or Escape: the focus then goes back to the input
  // once the popover has gone (until then it holds the focus inside itself).
  const refocus = useRef(false);
  const openLabel = t('dateField.openCalendar', { lng: locale });

  const close = () => {
    refocus.current = true;
    setOpen(false);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey && event.key === 'ArrowDown' && !disabled) {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onCalendarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Handled here so only the calendar closes (not a popover around the field) and the
    // focus goes to the input rather than the button.
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const intent = invalid ? ` ${Classes.INTENT_DANGER}` : '';
  return (
    <div
      className={`${Classes.INPUT_GROUP} tessera-date-field${intent}${className ? ` ${className}` : ''}`}
    >
      <input
        ref={input}
        id={id}
        name={name}
        type="text"
        className={inputClassName ?? `${Classes.INPUT}${intent}`}
        inputMode={mask ? 'numeric' : undefined}
        autoComplete="off"
        maxLength={mask?.length}
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        aria-keyshortcuts="Alt+ArrowDown"
        data-testid={testId}
        onChange={(event) => onTextChange(fitText(event.target.value, mask))}
        onBlur={onBlur}
        onKeyDown={onInputKeyDown}
      />
      <span className={Classes.INPUT_ACTION}>
        <PopoverNext
          isOpen={open}
          disabled={disabled}
          onInteraction={(next) => setOpen(next)}
          placement="bottom-end"
          popupKind={PopupKind.DIALOG}
          shouldReturnFocusOnClose={false}
          onClosed={() => {
            if (!refocus.current) return;
            refocus.current = false;
            input.current?.focus();
          }}
          content={
            <div
              role="dialog"
              aria-label={t('dateField.calendar', { lng: locale })}
              className="tessera-date-field__popup"
              onKeyDown={onCalendarKeyDown}
            >
              <Suspense
                fallback={<Spinner size={24} aria-label={t('common.loading', { lng: locale })} />}
              >
                <DateCalendar
                  selected={selected}
                  min={min}
                  max={max}
                  locale={locale}
                  onPick={(day) => {
                    onPick(day);
                    close();
                  }}
                />
              </Suspense>
            </div>
          }
        >
          <Button
            id={`${id}-calendar`}
            variant="minimal"
            icon={<CalendarIcon />}
            aria-label={openLabel}
            title={openLabel}
            disabled={disabled}
          />
        </PopoverNext>
      </span>
    </div>
  );
}
