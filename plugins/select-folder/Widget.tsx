import { Callout, Code } from '@blueprintjs/core';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';

/**
 * A visible box in the field's place saying the folder cannot be chosen here (there is no
 * content repository), with the field's label as its title so the reader knows which
 * field it is. It holds no value, so the rest of the form saves as usual.
 */
export function SelectFolderWidget({ field, inputId, text, runtime }: FieldWidgetProps) {
  return (
    <Callout
      id={inputId}
      className="tf-unsupported tf-select-folder"
      intent="warning"
      icon="folder-close"
      compact
      title={text.label || field.id}
    >
      {runtime.t('selectFolder.unavailable')} <Code>{field.type}</Code>
    </Callout>
  );
}
