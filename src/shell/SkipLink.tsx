import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link SkipLink}. */
export interface SkipLinkProps {
  /** The id of the region it jumps to; the region needs `tabIndex={-1}` to take focus. */
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
    target.focus();
  };
  return (
    <a className="tessera-skip-link" href={`#${targetId}`} onClick={skip}>
      {t('shell.skipToMain')}
    </a>
  );
}
