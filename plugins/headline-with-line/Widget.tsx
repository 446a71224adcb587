import { Classes } from '@blueprintjs/core';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';

/** A heading underlined across the form. */
export function HeadlineWithLineWidget({ inputId, text }: FieldWidgetProps) {
  return (
    <h3 id={inputId} className={`${Classes.HEADING} tf-headline tf-headline-line`}>
      {text.label}
    </h3>
  );
}
