import { useMediaQuery } from '../components/useMediaQuery';

/**
 * At or below this window width the persistent drawer closes to its rail, so a tablet keeps
 * the room for the task table (spec 000 section 9: "956 px for drawer close").
 */
export const DRAWER_CLOSE_MAX_PX = 956;

/** Whether a window of this width closes the drawer. */
export function drawerClosesAt(windowWidth: number): boolean {
  return windowWidth <= DRAWER_CLOSE_MAX_PX;
}

/** What decides whether the persistent drawer shows collapsed. */
export interface DrawerState {
  /** The window is at or below {@link DRAWER_CLOSE_MAX_PX}. */
  narrow: boolean;
  /** The user's kept choice for wide windows. */
  preferenceCollapsed: boolean;
  /** The user opened the drawer by hand since the window became narrow. */
  openedWhileNarrow: boolean;
}

/**
 * Whether the drawer shows collapsed: a narrow window closes it whatever the kept choice (which
 * is left alone, so widening the window again restores it), until the user opens it by hand.
 */
export function drawerCollapsed(state: DrawerState): boolean {
  return state.narrow ? !state.openedWhileNarrow : state.preferenceCollapsed;
}

/** Whether the window is narrow enough to close the drawer, following resizes. */
export function useDrawerNarrow(): boolean {
  return useMediaQuery(`(max-width: ${DRAWER_CLOSE_MAX_PX}px)`);
}
