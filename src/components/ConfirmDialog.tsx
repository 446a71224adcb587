import { Button, Classes, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import { useRef, type ReactNode } from 'react';
import './ConfirmDialog.css';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** The dialog title (the logout dialog shows the user's email here). */
  title: ReactNode;
  /** The question or statement. */
  message: ReactNode;
  /** An optional part shown in bold under the message (a task name, a person). */
  boldText?: ReactNode;
  /** An optional warning shown in red (what cannot be undone). */
  warningText?: ReactNode;
  /** Label of the primary button, which confirms. */
  primaryText: string;
  /** Label of the secondary button, which cancels. */
  secondaryText: string;
  /** Intent of the primary button; `primary` unless the action destroys something. */
  primaryIntent?: Intent;
  /** Shows a spinner on the primary button and blocks both buttons while the action runs. */
  busy?: boolean;
  /** Called by the primary button. */
  onConfirm: () => void;
  /** Called by the secondary button, Escape, the close button or a click outside. */
  onCancel: () => void;
  /**
   * Where focus goes on closing when what opened the dialog is gone (a menu item in a closed
   * popover); otherwise focus returns to what opened it.
   */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * The app's one confirmation dialog (spec 000 section 2, Layout): a primary and a secondary
 * button, an optional bold part and an optional red warning. It opens with focus on the
 * secondary (safe) button, so a stray Enter never logs out, leaves or reassigns; Escape
 * cancels and focus goes back to what opened it.
 */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  boldText,
  warningText,
  primaryText,
  secondaryText,
  primaryIntent = 'primary',
  busy = false,
  onConfirm,
  onCancel,
  returnFocusTo,
}: ConfirmDialogProps) {
  const safeButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      // The overlay would otherwise move focus to its container once the dialog has opened.
      onOpened={() => safeButton.current?.focus()}
      onClosed={() => {
        const active = document.activeElement;
        // Still on the leaving dialog or on <body>: what opened it has gone.
        if (!active || active === document.body || active.closest(`.${Classes.OVERLAY}`)) {
          returnFocusTo?.()?.focus();
        }
      }}
      isOpen={isOpen}
      title={title}
      onClose={busy ? undefined : onCancel}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
      className="tessera-confirm-dialog"
    >
      <DialogBody>
        <p className="tessera-confirm-dialog__message">{message}</p>
        {boldText && <p className="tessera-confirm-dialog__bold">{boldText}</p>}
        {warningText && (
          <p className="tessera-confirm-dialog__warning" role="alert">
            {warningText}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              ref={safeButton}
              variant="minimal"
              text={secondaryText}
              onClick={onCancel}
              disabled={busy}
              autoFocus
            />
            <Button intent={primaryIntent} text={primaryText} onClick={onConfirm} loading={busy} />
          </>
        }
      />
    </Dialog>
  );
}
