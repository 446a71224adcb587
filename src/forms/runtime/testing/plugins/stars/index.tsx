import type { FieldWidgetProps } from '../../../../registry/fieldPlugin';
import { defineFieldPlugin } from '../../../../registry/defineFieldPlugin';
import rules from './rules';

/** A plain number input for the throwaway rating type. */
function StarsWidget({ inputId, value, onChange, onBlur, text }: FieldWidgetProps) {
  return (
    <input
      id={inputId}
      aria-label={text.label}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
    />
  );
}

/** The throwaway rating plugin: its rules and a plain input. */
export default defineFieldPlugin({ ...rules, Widget: StarsWidget });
