import { useState } from 'react';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { phoneText } from './formatPhone';
import { sanitizePhone } from './validate';

/**
 * A phone number input. The text is kept as typed while the field has the focus (a
 * number must not reformat under the cursor); on leaving it a valid number is stored in
 * E.164 and shown as its reader writes it (`+33 6 12 34 56 78`, or the national form of the
 * reader's own country). Read-only, the same text in a read-only box.
 */
export function PhoneWidget(props: FieldWidgetProps) {
  const { field, inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
  // The text being typed; `null` while the input shows the stored number.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? phoneText(value, field, { locale: runtime.locale, editable: !readOnly });
  return (
    <input
      id={inputId}
      type="tel"
      autoComplete="off"
      className={inputClassName(invalid)}
      value={shown}
      placeholder={text.placeholder}
      readOnly={readOnly}
      {...fieldAria(props)}
      onChange={(event) => {
        setDraft(event.target.value);
        onChange(event.target.value);
      }}
      onBlur={() => {
        // A valid number is stored in E.164, so the display settles on its written form.
        if (draft !== null) {
          const saved = sanitizePhone(draft, field);
          if (saved !== value) onChange(saved);
          setDraft(null);
        }
        onBlur();
      }}
    />
  );
}
