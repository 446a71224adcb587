import type { FocusEvent } from 'react';
import { Classes } from '@blueprintjs/core';
import { describedBy } from '../../src/forms/registry/FieldMessage';
import type { FieldWidgetProps, Translate } from '../../src/forms/registry/fieldPlugin';
import { inputClassName, selectClassName } from '../../src/forms/registry/widgetClasses';
import { isCountryCode } from '../country/countryCodes';
import { countryChoices, countryName } from '../country/countryNames';
import { humanizeKey } from '../object/Widget';
import {
  ADDRESS_PARTS,
  isAddressPart,
  partText,
  readAddressObject,
  type AddressPart,
} from './addressValue';
import './address.css';

// A part's label; the asterisk of a required one is drawn by the form's CSS.
const PART_LABEL = `${Classes.LABEL} tf-label`;

/** A part's name in the reader's language, shared with the read-only lists of records. */
const partName = (part: AddressPart, t: Translate) => t(`fields.object.keys.${part}`);

/** The texts of each part of a raw value; other text from another system sits in the street. */
function partsOf(value: unknown): Record<AddressPart, string> {
  const object = readAddressObject(value);
  const parts = Object.fromEntries(
    ADDRESS_PARTS.map((part) => [part, object ? partText(object[part]) : '']),
  ) as Record<AddressPart, string>;
  if (!object && typeof value === 'string') parts.street = value;
  return parts;
}

/** The parts the field's shown errors point at (`params.part`), to mark their inputs. */
function partsInError(props: FieldWidgetProps): ReadonlySet<string> {
  if (!props.invalid) return new Set();
  const errors = props.runtime.host.peekErrors(props.field.id) ?? [];
  return new Set(errors.map((error) => String(error.params.part ?? '')));
}

/**
 * A stored address read-only: one named line per part in a letter's order, the country by
 * its name in the reader's language, then anything else the value holds, as the records'
 * structured values read. A named group the keyboard reaches.
 */
function AddressView({ inputId, errorId, value, text, runtime }: FieldWidgetProps) {
  const { t, locale } = runtime;
  const object = readAddressObject(value);
  const lines: [string, string, string][] = [];
  if (object) {
    for (const part of ADDRESS_PARTS) {
      const written = partText(object[part]).trim();
      if (written === '') continue;
      const shown =
        part === 'country' && isCountryCode(written.toUpperCase())
          ? countryName(written.toUpperCase(), locale)
          : written;
      lines.push([part, partName(part, t), shown]);
    }
    for (const [key, item] of Object.entries(object)) {
      if (isAddressPart(key) || item === null || item === undefined || item === '') continue;
      lines.push([
        key,
        humanizeKey(key),
        typeof item === 'object' ? JSON.stringify(item) : String(item),
      ]);
    }
  }
  const plain = !object && typeof value === 'string' ? value.trim() : '';
  return (
    <div
      id={inputId}
      className="tf-object"
      role="group"
      tabIndex={0}
      aria-label={text.label || undefined}
      aria-describedby={errorId}
    >
      {lines.length > 0 ? (
        <dl className="tf-object__entries">
          {lines.map(([key, name, shown]) => (
            <div key={key} className="tf-object__entry">
              <dt>{name}</dt>
              <dd>{shown}</dd>
            </div>
          ))}
        </dl>
      ) : plain !== '' ? (
        plain
      ) : (
        <span className="tf-object__none">{t('fields.object.empty')}</span>
      )}
    </div>
  );
}

/**
 * A postal address typed part by part: street and number, postal code and city, region
 * and country (the whole ISO list, named and sorted in the form's language). The parts are
 * saved together as one structured value. Errors show once the focus leaves the whole
 * address, not each input, and mark the inputs they are about.
 */
function AddressInputs(props: FieldWidgetProps) {
  const { field, inputId, errorId, value, onChange, onBlur, text, runtime } = props;
  const { t, locale, accessTest } = runtime;
  const parts = partsOf(value);
  const wrong = partsInError(props);
  const change = (part: AddressPart, written: string) => {
    const next = { ...parts, [part]: written };
    // Every part cleared: the field is empty again, as it was before anyone typed.
    onChange(ADDRESS_PARTS.every((name) => next[name].trim() === '') ? null : next);
  };
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
  };
  const idOf = (part: AddressPart) => `${inputId}-${part}`;
  // The parts without which an address is refused, when the field must be filled in.
  const required = (part: AddressPart) =>
    (field.required && (part === 'street' || part === 'city' || part === 'country')) || undefined;
  const labelClass = (part: AddressPart) =>
    required(part) ? `${PART_LABEL} tf-label-required` : PART_LABEL;
  const aria = (part: AddressPart) => ({
    'aria-invalid': wrong.has(part) || undefined,
    'aria-required': required(part),
    'aria-describedby': describedBy(errorId),
  });
  const input = (part: AddressPart) => (
    <div className={`tf-address__part tf-address__${part}`}>
      <label className={labelClass(part)} htmlFor={idOf(part)}>
        {partName(part, t)}
      </label>
      <input
        id={idOf(part)}
        type="text"
        autoComplete="off"
        className={inputClassName(wrong.has(part))}
        value={parts[part]}
        {...aria(part)}
        onChange={(event) => change(part, event.target.value)}
      />
    </div>
  );
  const country = parts.country.trim().toUpperCase();
  return (
    <div
      id={inputId}
      role="group"
      aria-label={text.label || undefined}
      className="tf-address"
      onBlur={leave}
    >
      {input('street')}
      {input('houseNumber')}
      {input('postalCode')}
      {input('city')}
      {input('region')}
      <div className="tf-address__part tf-address__country">
        <label className={labelClass('country')} htmlFor={idOf('country')}>
          {partName('country', t)}
        </label>
        <div className={selectClassName(wrong.has('country'))}>
          <select
            id={idOf('country')}
            value={isCountryCode(country) ? country : ''}
            {...aria('country')}
            onChange={(event) => change('country', event.target.value)}
          >
            <option value="">{t('fields.dropdown.choose')}</option>
            {countryChoices(locale).map((choice) => (
              <option key={choice.code} value={choice.code}>
                {accessTest ? `${choice.name} (${choice.code})` : choice.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

/**
 * A postal address field: one input per part in an editable task, named lines read-only
 * (records, reports, a task that is not the user's).
 */
export function AddressWidget(props: FieldWidgetProps) {
  return props.readOnly ? <AddressView {...props} /> : <AddressInputs {...props} />;
}
