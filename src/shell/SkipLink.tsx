import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link SkipLink}. */
export interface SkipLinkProps {
  /** The id of the region it jumps to (made focusable only while the jump holds it). */
  targetId: string;
}

/**
 * "Skip to main content": the first stop of Tab, hidden until focused, so a keyboard user
 * passes the navigation and the header in one key.
 */
export function SkipLink({ targetId }: SkipLinkProps) {
  const { t } = useTranslation();
  // Focus is moved by hand: following the hash would change the route's URL, and some
  // browsers scroll to the target without moving focus to it.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    // Focusable only for the jump: a region focusable all the time would take the focus of
    // every click on its text, and pages that move focus to their heading leave a focus
    // the user placed alone.
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
    target.focus();
  };
  return (
    <a className="tessera-skip-link" href={`#${targetId}`} onClick={skip}>
      {t('shell.skipToMain')}
    </a>
  );
}
