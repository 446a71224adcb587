import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/max';
import { valueText } from '../../src/core/forms/fields/valueText';
import { defaultCountryOf, parsePhone, type PhoneField } from './validate';

/** How a phone number is being shown. */
export interface PhoneTextOptions {
  /** The reader's language (`fr`, `en-GB`); its likely region decides what is "home". */
  readonly locale: string;
  /** The number is shown in an input the reader may edit, so it must read back the same. */
  readonly editable: boolean;
}

/** The region a language is most likely read in (`fr` → `FR`, `en` → `US`, `en-GB` → `GB`). */
export function readerRegion(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).maximize().region;
  } catch {
    return undefined;
  }
}

/**
 * A stored phone number as its reader writes it: a number of the reader's own country in
 * that country's national form (`06 12 34 56 78` for a French reader), any other in the
 * international form (`+33 6 12 34 56 78`). In an editable input the national form is used
 * only when the field's default country is the reader's, so the text reads back to the same
 * number. Text that is not a valid number shows as typed.
 */
export function phoneText(value: unknown, field: PhoneField, options: PhoneTextOptions): string {
  const text = valueText(value);
  const country = defaultCountryOf(field);
  const number = parsePhone(text.trim(), country);
  if (!number?.isValid() || number.ext !== undefined) return text;
  const region = readerRegion(options.locale);
  const home =
    region !== undefined &&
    isSupportedCountry(region) &&
    (!options.editable || region === country) &&
    number.countryCallingCode === getCountryCallingCode(region);
  return home ? number.formatNational() : number.formatInternational();
}
