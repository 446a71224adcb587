import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { inputClassName, selectClassName } from '../../src/forms/registry/widgetClasses';
import { isCountryCode } from './countryCodes';
import { countryChoices, countryName } from './countryNames';

/** A country's caption, with its code beside it for form authors (access-test). */
function caption(name: string, code: string, accessTest: boolean): string {
  return accessTest ? `${name} (${code})` : name;
}

/**
 * Every ISO 3166-1 country in a native select, named in the form's language and sorted as
 * that language sorts: typing the first letters of a name jumps to it, as in any select.
 * Read-only, the name shows in a read-only text box the keyboard reaches; a stored value
 * that is not a code (another system's "OTHER") shows as stored.
 */
export function CountryWidget(props: FieldWidgetProps) {
  const { inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
  const { locale, accessTest } = runtime;
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (readOnly) {
    const stored = typeof value === 'string' ? value : '';
    return (
      <input
        id={inputId}
        type="text"
        className={inputClassName(invalid)}
        value={isCountryCode(code) ? caption(countryName(code, locale), code, accessTest) : stored}
        readOnly
        {...fieldAria(props)}
      />
    );
  }
  return (
    <div className={selectClassName(invalid)}>
      <select
        id={inputId}
        value={isCountryCode(code) ? code : ''}
        {...fieldAria(props)}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{text.placeholder ?? runtime.t('fields.dropdown.choose')}</option>
        {countryChoices(locale).map((choice) => (
          <option key={choice.code} value={choice.code}>
            {caption(choice.name, choice.code, accessTest)}
          </option>
        ))}
      </select>
    </div>
  );
}
