/**
 * How stores move the user between routes without React: the router's `navigate` and the
 * current location, injected so tests can watch where the app would go.
 */
export interface AppNavigator {
  /** Goes to a path; `replace` keeps the left route out of the history. */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** The current path with its query, e.g. `/objectdata/loans/1?page=2`. */
  currentPath: () => string;
}
