import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { reportAppError } from './appErrorReporter';
import { ErrorView } from './ErrorView';

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  /** What may fail. */
  children: ReactNode;
  /** When this changes (another screen), the failed view gives way to the children again. */
  resetKey?: string;
  /** The boundary stands for the whole page (no shell around it). */
  fullPage?: boolean;
}

/** State of {@link ErrorBoundary}. */
interface ErrorBoundaryState {
  /** The resetKey the error happened under, or null while nothing failed. */
  failedAt: string | null;
}

/**
 * Catches a render error below it, reports it (with React's component stack) and shows the
 * translated error view in its place, so the rest of the page (the shell) keeps working.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    // The key is set in componentDidCatch's place below: getDerivedStateFromError has no props.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    const key = props.resetKey ?? '';
    if (state.failedAt === '') return { failedAt: key };
    if (state.failedAt !== null && state.failedAt !== key) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportAppError({ kind: 'render', error, componentStack: info.componentStack ?? undefined });
  }

  override render() {
    if (this.state.failedAt !== null) return <ErrorView fullPage={this.props.fullPage} />;
    return this.props.children;
  }
}

/** Props of {@link ScreenErrorBoundary}. */
export interface ScreenErrorBoundaryProps {
  /** The routed screen. */
  children: ReactNode;
}

/** An {@link ErrorBoundary} around the routed screen that clears when the user goes elsewhere. */
export function ScreenErrorBoundary({ children }: ScreenErrorBoundaryProps) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
