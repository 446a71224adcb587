import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { optionCaption, optionIndex } from '../../src/core/forms/fields/options';
import { inputClassName, selectClassName } from '../../src/forms/registry/widgetClasses';

/**
 * A list of choices in a native select, styled as Blueprint's HTMLSelect. Options are
 * addressed by position, so numbers and booleans keep their type when picked.
 */
export function DropdownWidget(props: FieldWidgetProps) {
  const { inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
  const { options } = text;
  const selected = optionIndex(options, value);
  if (readOnly) {
    // Read, not chosen: the choice's caption in a read-only text box, as the other read-only
    // fields show their values, instead of a disabled select that reads as a greyed-out
    // placeholder and that the keyboard cannot reach. A code the list lacks shows as stored.
    const option = options[selected];
    const caption = option
      ? optionCaption(option, runtime.accessTest)
      : value === null || value === undefined
        ? ''
        : String(value);
    return (
      <input
        id={inputId}
        type="text"
        className={inputClassName(invalid)}
        value={caption}
        readOnly
        {...fieldAria(props)}
      />
    );
  }
  return (
    <div className={selectClassName(invalid)}>
      <select
        id={inputId}
        value={selected === -1 ? '' : String(selected)}
        {...fieldAria(props)}
        onChange={(event) => {
          const index = event.target.value === '' ? -1 : Number(event.target.value);
          onChange(options[index]?.value ?? null);
        }}
        onBlur={onBlur}
      >
        <option value="">{text.placeholder ?? runtime.t('fields.dropdown.choose')}</option>
        {options.map((option, index) => (
          <option key={index} value={String(index)}>
            {optionCaption(option, runtime.accessTest)}
          </option>
        ))}
      </select>
    </div>
  );
}
