import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type To,
} from 'react-router-dom';

/** Asked before the app moves from one path to another; true holds the move. */
export type NavigationCheck = (fromPath: string, toPath: string) => boolean;

/** A move that a check held: go on with it, or stay where the user is. */
export interface HeldNavigation {
  proceed(): void;
  stay(): void;
}

/** The history a router is given: react-router's browser history, as its router needs it. */
export type AppHistory = ReturnType<typeof createBrowserHistory>;

/**
 * Holds navigations that a screen asks to confirm first (the task page's unsaved changes):
 * links, `navigate()` calls and the browser's Back and Forward alike. It wraps the browser
 * history the router runs on, which costs a few hundred bytes where a data router (whose
 * `useBlocker` does the same) would add about 15 KiB to the sign-in page.
 */
export class NavigationGuard {
  private readonly checks = new Set<NavigationCheck>();
  private readonly listeners = new Set<() => void>();
  private current: HeldNavigation | null = null;

  /** The move waiting for an answer, or null. */
  get held(): HeldNavigation | null {
    return this.current;
  }

  /** Adds a check; answers its remover. */
  add(check: NavigationCheck): () => void {
    this.checks.add(check);
    return () => {
      this.checks.delete(check);
      if (this.checks.size === 0) this.settle(null);
    };
  }

  /** Whether any check holds a move from one path to another. */
  holds(fromPath: string, toPath: string): boolean {
    for (const check of this.checks) if (check(fromPath, toPath)) return true;
    return false;
  }

  /** Hears when a move is held or settled; answers the unsubscriber. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Holds a move until the user answers; a newer held move replaces an older one. */
  hold(proceed: () => void): void {
    const held: HeldNavigation = {
      proceed: () => {
        if (this.current !== held) return;
        this.settle(null);
        proceed();
      },
      stay: () => {
        if (this.current === held) this.settle(null);
      },
    };
    this.settle(held);
  }

  private settle(held: HeldNavigation | null): void {
    if (this.current === held) return;
    this.current = held;
    for (const listener of this.listeners) listener();
  }
}

/**
 * The browser history with `guard` in front of it. A push or replace that a check holds is
 * not made until it proceeds. A Back or Forward (the browser has already moved) is undone at
 * once, unseen by the router, and made again if it proceeds.
 */
export function guardedBrowserHistory(guard: NavigationGuard): AppHistory {
  const inner = createBrowserHistory({ v5Compat: true });
  // The path the router shows: the browser's address runs ahead of it during a held Back.
  let shownPath = inner.location.pathname;
  // The next Back or Forward is the undoing of a held one / a held one proceeding.
  let undoing = false;
  let passing = false;
  const pathOf = (to: To): string => inner.createURL(to).pathname;

  const move = (kind: 'push' | 'replace', to: To, state?: unknown): void => {
    if (!guard.holds(shownPath, pathOf(to))) {
      inner[kind](to, state);
      return;
    }
    guard.hold(() => inner[kind](to, state));
  };

  return {
    get action() {
      return inner.action;
    },
    get location(): Location {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    push: (to, state) => move('push', to, state),
    replace: (to, state) => move('replace', to, state),
    go: (delta) => inner.go(delta),
    listen(listener) {
      return inner.listen((update) => {
        if (update.action === 'POP') {
          if (undoing) {
            undoing = false;
            return;
          }
          const delta = update.delta;
          if (!passing && delta !== null && guard.holds(shownPath, update.location.pathname)) {
            undoing = true;
            inner.go(-delta);
            guard.hold(() => {
              passing = true;
              inner.go(delta);
            });
            return;
          }
          passing = false;
        }
        shownPath = update.location.pathname;
        listener(update);
      });
    },
  };
}

/** The app's one guard, in front of the history its router runs on (see App.tsx). */
export const appNavigationGuard = new NavigationGuard();

/**
 * Holds navigations while `check` says so, for as long as the calling component is mounted;
 * answers the held move (show a dialog; call proceed or stay), or null. `check` is read at the
 * moment of each move, so it may read live state.
 */
export function useNavigationHold(
  check: NavigationCheck,
  guard: NavigationGuard = appNavigationGuard,
): HeldNavigation | null {
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });
  useEffect(() => guard.add((from, to) => latest.current(from, to)), [guard]);
  return useSyncExternalStore(guard.subscribe, () => guard.held);
}
