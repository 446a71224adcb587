import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { valueText } from '../../src/core/forms/fields/valueText';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { applyMask, caretAfterMask, maskOf, type InputMask } from './inputMask';

/**
 * A one-line text input. Hook-free, so the form calls it inline (a thousand text fields
 * stay light); a field with an APS input mask gets `MaskedTextInput`, which has hooks.
 */
export function TextWidget(props: FieldWidgetProps) {
  const { inputId, value, onChange, onBlur, readOnly, invalid, text } = props;
  const mask = maskOf(props.field);
  if (mask) return <MaskedTextInput {...props} mask={mask} />;
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

/** The props of a masked text input: a text widget's, and its mask. */
interface MaskedTextInputProps extends FieldWidgetProps {
  /** The field's input mask. */
  readonly mask: InputMask;
}

/**
 * A text input typed through an APS input mask: its characters come in and characters no
 * slot takes are left out, the caret staying after what was typed. The masked text, as
 * shown, is the value; a stored value is shown as it is, never rewritten until someone
 * types, so what a person sees is what is saved.
 */
function MaskedTextInput(props: MaskedTextInputProps) {
  const { mask, inputId, value, onChange, onBlur, readOnly, invalid, text } = props;
  const input = useRef<HTMLInputElement>(null);
  // Where the caret goes once the masked text is drawn; set by a change.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const position = caret.current;
    caret.current = null;
    if (position !== null && input.current === document.activeElement) {
      input.current?.setSelectionRange(position, position);
    }
  });
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const masked = applyMask(typed, mask).text;
    const at = event.target.selectionStart ?? typed.length;
    caret.current = caretAfterMask(typed, at, masked, mask.reversed);
    onChange(masked);
  };
  return (
    <input
      ref={input}
      id={inputId}
      type="text"
      // A mask of digits only (`000-00-0000`, `#.##0,00`) gets the keypad of digits.
      inputMode={/[AS]/.test(mask.mask) ? undefined : 'numeric'}
      className={inputClassName(invalid)}
      value={valueText(value)}
      placeholder={text.placeholder}
      readOnly={readOnly}
      {...fieldAria(props)}
      onChange={change}
      onBlur={onBlur}
    />
  );
}
