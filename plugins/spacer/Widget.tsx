import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';

/** Empty room in the grid, for authors who align fields by hand. */
export function SpacerWidget({ inputId }: FieldWidgetProps) {
  return <div id={inputId} className="tf-spacer" aria-hidden="true" />;
}
