import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';

/** An object value shown as indented JSON, read-only. */
export function ObjectWidget({ inputId, errorId, value, runtime }: FieldWidgetProps) {
  const empty = value === null || value === undefined;
  return (
    <pre
      id={inputId}
      className="tf-object"
      tabIndex={0}
      aria-readonly="true"
      aria-describedby={errorId}
    >
      {empty ? runtime.t('fields.object.empty') : JSON.stringify(value, null, 2)}
    </pre>
  );
}
