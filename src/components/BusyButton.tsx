import { Button, Spinner, type ButtonProps } from '@blueprintjs/core';
import { forwardRef } from 'react';

/** Props of {@link BusyButton}: a Blueprint button's, with `busy` in place of `loading`. */
export interface BusyButtonProps extends Omit<ButtonProps, 'loading'> {
  /** Its action runs: a spinner shows in place of its icon and presses are ignored. */
  busy: boolean;
}

/**
 * A button whose action takes a while and that keeps the focus through it. Blueprint's
 * `loading` disables the button, and the browser drops the focus of a disabled control onto
 * the page body, so a keyboard user who pressed it would start again from the top. This one
 * only says it is busy (`aria-busy`, `aria-disabled`, a spinner) and ignores presses meanwhile.
 */
export const BusyButton = forwardRef<HTMLButtonElement, BusyButtonProps>(function BusyButton(
  { busy, icon, endIcon, onClick, ...props },
  ref,
) {
  const spinner = <Spinner size={16} />;
  // The spinner takes the place of the icon the button shows: the end one when it has only that.
  const spinsAtEnd = icon === undefined && endIcon !== undefined;
  return (
    <Button
      {...props}
      ref={ref}
      icon={busy && !spinsAtEnd ? spinner : icon}
      endIcon={busy && spinsAtEnd ? spinner : endIcon}
      aria-busy={busy || undefined}
      aria-disabled={busy || props.disabled || undefined}
      onClick={busy ? undefined : onClick}
    />
  );
});
