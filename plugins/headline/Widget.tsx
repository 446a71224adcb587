import { Classes } from '@blueprintjs/core';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';

/** A heading that opens a group of fields. */
export function HeadlineWidget({ inputId, text }: FieldWidgetProps) {
  return (
    <h3 id={inputId} className={`${Classes.HEADING} tf-headline`}>
      {text.label}
    </h3>
  );
}
