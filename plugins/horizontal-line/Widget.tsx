import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';

/** A rule across the form. */
export function HorizontalLineWidget({ inputId }: FieldWidgetProps) {
  return <hr id={inputId} className="tf-rule" />;
}
