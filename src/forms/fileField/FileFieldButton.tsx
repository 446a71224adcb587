import { Button } from '@blueprintjs/core';
import type { MouseEvent, ReactElement, Ref } from 'react';

/** Props of {@link FileFieldButton}. */
export interface FileFieldButtonProps {
  /** The field's input id: the label points at this button. */
  readonly id: string;
  /** The button's icon (a camera, a pen, an upload arrow). */
  readonly icon: ReactElement;
  /** What it does, translated: add, sign, choose, or their "again" while a file is stored. */
  readonly text: string;
  /** The field holds an error: the button is marked red and invalid. */
  readonly invalid: boolean;
  /** The ids of what describes the field (its error box, its message line), if any. */
  readonly describedBy: string | undefined;
  /** The button's test id, where tests look it up by one. */
  readonly testId?: string;
  /** The button element, for focus to come back to. */
  readonly ref?: Ref<HTMLButtonElement>;
  /** Opens the field's way of making or choosing a file. */
  onClick(event: MouseEvent<HTMLElement>): void;
}

/**
 * The main control of a field that stores a file: an outlined button that carries the
 * field's id and its invalid state, and opens the camera, the pad or the file chooser.
 */
export function FileFieldButton({
  id,
  icon,
  text,
  invalid,
  describedBy,
  testId,
  ref,
  onClick,
}: FileFieldButtonProps) {
  return (
    <Button
      id={id}
      ref={ref}
      variant="outlined"
      icon={icon}
      intent={invalid ? 'danger' : 'none'}
      text={text}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      data-testid={testId}
      onClick={onClick}
    />
  );
}
