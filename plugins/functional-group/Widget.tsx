import { DirectoryPicker } from '../../src/forms/registry/DirectoryPicker';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';

/** Picks a functional group (a team) from the host's directory. */
export function FunctionalGroupWidget(props: FieldWidgetProps) {
  return <DirectoryPicker {...props} kind="group" />;
}
