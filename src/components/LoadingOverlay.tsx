import { Overlay2, Spinner } from '@blueprintjs/core';
import './LoadingOverlay.css';

/** Props of {@link LoadingOverlay}. */
export interface LoadingOverlayProps {
  /** Whether the overlay covers the page. */
  readonly isOpen: boolean;
  /** What is happening, already translated ("Uploading the photo..."), read out by screen readers. */
  readonly label: string;
}

/**
 * The full-screen wait of a long action (an upload, spec 001 section 2, "Field dialogs"): a
 * backdrop over the whole page, dialogs included, with a spinner and one line, so nothing
 * can be pressed twice or changed while the action runs. It cannot be closed by the user;
 * the action closes it. It takes focus while open, so a key press goes nowhere, and gives
 * it back to where it was when it closes.
 */
export function LoadingOverlay({ isOpen, label }: LoadingOverlayProps) {
  return (
    <Overlay2
      isOpen={isOpen}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      autoFocus
      enforceFocus
      shouldReturnFocusOnClose
      hasBackdrop
      backdropClassName="tessera-loading-overlay__backdrop"
      className="tessera-loading-overlay"
      transitionDuration={150}
    >
      <div
        className="tessera-loading-overlay__content"
        role="status"
        aria-live="polite"
        aria-busy="true"
        tabIndex={-1}
        data-testid="loading-overlay"
      >
        <Spinner size={40} aria-hidden />
        <p className="tessera-loading-overlay__label">{label}</p>
      </div>
    </Overlay2>
  );
}
