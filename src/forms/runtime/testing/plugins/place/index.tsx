import type { FieldWidgetProps } from '../../../../registry/fieldPlugin';
import { defineFieldPlugin } from '../../../../registry/defineFieldPlugin';
import rules from './rules';

/** Shows the place as text; a test sets its value through the form's store. */
function PlaceWidget({ inputId, value }: FieldWidgetProps) {
  return <output id={inputId}>{JSON.stringify(value ?? null)}</output>;
}

/** The throwaway place plugin: its rules and a read-out. */
export default defineFieldPlugin({ ...rules, Widget: PlaceWidget });
