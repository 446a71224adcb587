import { Classes } from '@blueprintjs/core';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { percentDecimals, showsPercent } from '../../src/core/forms/fields/showsPercent';
import {
  formatNumber,
  formatPercent,
  shownNumberText,
  typedNumberText,
} from '../../src/core/format';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { decimalPlaces, decimalsOf, numberKindOf, sanitizeNumber } from './validate';

/**
 * A number input. While the user types, the text is kept as typed (a half-typed
 * `"1 25"` must not jump); on leaving the field a valid number is stored as a number and
 * shown with spaces between thousands and the field's decimals. In French and Spanish the
 * decimal separator is a comma, typed and shown; the text is kept with a point, so the
 * stored value and the formulas that read it do not depend on the language. A read-only
 * field whose config asks for a percentage shows its ratio as one (`0.0548` as `5.48 %`);
 * an editable one takes and shows the ratio itself, so what is typed is what is stored.
 */
export function NumberWidget(props: FieldWidgetProps) {
  const { field, inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
  const { locale } = runtime;
  const kind = numberKindOf(field);
  const decimals = decimalsOf(field);
  // A number with more decimals than the field takes is shown whole, not rounded: rounded,
  // it would look right next to the message that refuses it.
  const fits = typeof value === 'number' && decimalPlaces(value) <= (decimals ?? Infinity);
  const percent = readOnly && showsPercent(text.config);
  const shown =
    typeof value === 'number' && percent
      ? formatPercent(value, locale, percentDecimals(decimals))
      : typeof value === 'number'
        ? formatNumber(value, kind === 'amount' && fits ? decimals : undefined, locale)
        : typeof value === 'string'
          ? shownNumberText(value, locale)
          : '';
  const currency = typeof text.config.currency === 'string' ? text.config.currency : undefined;
  const input = (
    <input
      id={inputId}
      type="text"
      // Whole numbers only (integers, amounts without fractions): a keypad without a point.
      inputMode={decimals === 0 ? 'numeric' : 'decimal'}
      className={inputClassName(invalid, 'tf-number')}
      value={shown}
      placeholder={text.placeholder}
      readOnly={readOnly}
      {...fieldAria(props)}
      onChange={(event) => onChange(typedNumberText(event.target.value, locale))}
      onBlur={() => {
        // A valid number is stored as a number, so the display settles on its format.
        const parsed = sanitizeNumber(value);
        if (typeof parsed === 'number' && parsed !== value) onChange(parsed);
        else if (parsed === null && value !== null) onChange(null);
        onBlur();
      }}
    />
  );
  if (!currency) return input;
  return (
    <div className={`${Classes.INPUT_GROUP} ${Classes.FILL} tf-amount`}>
      {input}
      <span className={Classes.INPUT_ACTION}>
        <span className={`${Classes.TAG} ${Classes.MINIMAL} tf-currency`}>{currency}</span>
      </span>
    </div>
  );
}
