import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { optionCaption, optionIndex } from '../../src/core/forms/fields/options';
import { selectClassName } from '../../src/forms/registry/widgetClasses';

/**
 * A list of choices in a native select, styled as Blueprint's HTMLSelect. Options are
 * addressed by position, so numbers and booleans keep their type when picked.
 */
export function DropdownWidget(props: FieldWidgetProps) {
  const { inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
  const { options } = text;
  const selected = optionIndex(options, value);
  return (
    <div className={selectClassName(invalid)}>
      <select
        id={inputId}
        value={selected === -1 ? '' : String(selected)}
        disabled={readOnly}
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
