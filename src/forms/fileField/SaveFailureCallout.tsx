import { Callout } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** Props of {@link SaveFailureCallout}. */
export interface SaveFailureCalloutProps {
  /** The field's class for the box. */
  readonly className: string;
  /** What failed and what to do, translated; nothing shows no box. */
  readonly children: ReactNode;
}

/**
 * A failed save, said in the dialog that tried it, above its retry button (spec 001 section
 * 5): a red box read out at once.
 */
export function SaveFailureCallout({ className, children }: SaveFailureCalloutProps) {
  if (!children) return null;
  return (
    <Callout intent="danger" className={className} role="alert">
      {children}
    </Callout>
  );
}
