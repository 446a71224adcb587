import type { NavigateFunction } from 'react-router-dom';
import type { AppNavigator } from '../stores/AppNavigator';

/**
 * The stores' way to move the user: react-router's `navigate` once the router is mounted
 * (see `NavigatorBridge`); before that, the browser history directly, which the router reads
 * when it mounts. Keeps the app on the light declarative router.
 */
export class RouterNavigator implements AppNavigator {
  private routerNavigate: NavigateFunction | null = null;

  /** Hands over react-router's navigate; answers a function that takes it back. */
  attach(navigate: NavigateFunction): () => void {
    this.routerNavigate = navigate;
    return () => {
      if (this.routerNavigate === navigate) this.routerNavigate = null;
    };
  }

  /** Goes to a path. */
  navigate = (to: string, options?: { replace?: boolean }): void => {
    if (this.routerNavigate) {
      void this.routerNavigate(to, options);
      return;
    }
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
  };

  /** The current path with its query and hash. */
  currentPath = (): string =>
    `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
