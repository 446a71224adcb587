import { Callout, Code } from '@blueprintjs/core';
import type { FieldWidgetProps } from './fieldPlugin';

/**
 * What a field of a type no plugin renders shows: a visible box naming the type, so the
 * rest of the form stays usable and the author sees what to fix.
 */
export function UnsupportedFieldBox({ field, text, runtime }: FieldWidgetProps) {
  const type = field.originalType ?? field.type;
  return (
    <Callout
      className="tf-unsupported"
      intent="warning"
      icon="warning-sign"
      compact
      title={text.label || field.id}
    >
      {runtime.t('fields.unsupported.message')} <Code>{type}</Code>
    </Callout>
  );
}
