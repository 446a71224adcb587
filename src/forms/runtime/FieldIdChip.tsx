import { useState } from 'react';
import type { Translate } from '../registry/fieldPlugin';

/** Props of {@link FieldIdChip}. */
export interface FieldIdChipProps {
  /** The field id shown and copied. */
  readonly fieldId: string;
  /** Translates the button's title. */
  readonly t: Translate;
}

/** A form author's view of a field's id beside its label; a click copies it. */
export function FieldIdChip({ fieldId, t }: FieldIdChipProps) {
  const [copied, setCopied] = useState(false);
  const title = t(copied ? 'forms.fieldIdCopied' : 'forms.copyFieldId');
  return (
    <button
      type="button"
      className="tf-field-id"
      title={title}
      aria-label={`${title}: ${fieldId}`}
      onClick={(event) => {
        // Inside a label: a click must copy, not move focus to the input.
        event.preventDefault();
        void navigator.clipboard?.writeText(fieldId).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {fieldId}
    </button>
  );
}
