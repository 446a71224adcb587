import { Spinner } from '@blueprintjs/core';
import './FullPageSpinner.css';

/** Props of {@link FullPageSpinner}. */
export interface FullPageSpinnerProps {
  /** The words under the spinner, already translated (e.g. "Authenticating..."). */
  label: string;
}

/**
 * A calm full-page wait: a spinner and one line, faded in after a moment so a quick answer
 * never flashes it.
 */
export function FullPageSpinner({ label }: FullPageSpinnerProps) {
  return (
    <div className="tessera-full-page-spinner" role="status" aria-live="polite">
      <Spinner size={36} aria-hidden />
      <p className="tessera-full-page-spinner__label">{label}</p>
    </div>
  );
}
