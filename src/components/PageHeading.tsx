import { useEffect, useRef, type ReactNode } from 'react';
import { usePageFocus } from './pageFocus';

/** Props of {@link PageHeading}. */
export interface PageHeadingProps {
  /** The heading's text: what the page is about (a task's name, an instance's name). */
  children: ReactNode;
  /** Extra class names. */
  className?: string;
  /** A test id. */
  'data-testid'?: string;
}

/**
 * The one `<h1>` of a page that names what it shows. After a move to another page it takes
 * focus (programmatically only: `tabIndex={-1}`), so keyboard users start at the top of the
 * new page and screen readers announce where they are.
 */
export function PageHeading({ children, className, 'data-testid': testId }: PageHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = usePageFocus();
  useEffect(() => {
    if (focus?.claim()) heading.current?.focus({ preventScroll: false });
  }, [focus]);
  return (
    <h1
      ref={heading}
      tabIndex={-1}
      className={className ? `tessera-page-heading ${className}` : 'tessera-page-heading'}
      data-testid={testId}
    >
      {children}
    </h1>
  );
}
