import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';

/** An object value shown as indented JSON, read-only. */
export function ObjectWidget({ inputId, errorId, value, text, runtime }: FieldWidgetProps) {
  const empty = value === null || value === undefined;
  // A read-only multi-line text box: screen readers read the value, name it by the field's
  // label (a label element cannot name a pre) and reach it with Tab.
  return (
    <pre
      id={inputId}
      className="tf-object"
      role="textbox"
      tabIndex={0}
      aria-multiline="true"
      aria-readonly="true"
      aria-label={text.label || undefined}
      aria-describedby={errorId}
    >
      {empty ? runtime.t('fields.object.empty') : JSON.stringify(value, null, 2)}
    </pre>
  );
}
