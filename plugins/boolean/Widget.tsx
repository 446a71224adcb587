import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { LabelledToggle } from '../../src/forms/registry/LabelledToggle';

/** A yes/no switch with the label beside it. */
export function BooleanWidget(props: FieldWidgetProps) {
  return <LabelledToggle kind="switch" {...props} />;
}
