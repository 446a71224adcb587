import { DirectoryPicker } from '../../src/forms/registry/DirectoryPicker';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';

/** Picks a person from the host's user directory. */
export function PeopleWidget(props: FieldWidgetProps) {
  return <DirectoryPicker {...props} kind="user" />;
}
