import type { Ref } from 'react';

/** Props of {@link FileChooser}. */
export interface FileChooserProps {
  /** The input element, which the field's button clicks to open the browser's chooser. */
  readonly ref: Ref<HTMLInputElement>;
  /** The input's id, if the field names it. */
  readonly id?: string;
  /** The extensions and media types offered (`.pdf,.png`). */
  readonly accept: string;
  /** The input's test id. */
  readonly testId: string;
  /** Takes the chosen file; nothing when the chooser was left without one. */
  onChoose(file: File | undefined): void;
}

/**
 * The hidden file input behind a field's button. It is emptied after each choice, so
 * choosing the same file again (after a refusal, or a delete) is a choice too.
 */
export function FileChooser({ ref, id, accept, testId, onChoose }: FileChooserProps) {
  return (
    <input
      ref={ref}
      id={id}
      type="file"
      hidden
      accept={accept}
      data-testid={testId}
      onChange={(event) => {
        onChoose(event.currentTarget.files?.[0]);
        event.currentTarget.value = '';
      }}
    />
  );
}
