import { useMediaQuery } from './useMediaQuery';

/** Below this width the drawer becomes a modal (spec 000 section 9: mobile breakpoint). */
export const MOBILE_BREAKPOINT_PX = 600;

/** Whether the window is phone-sized, following resizes. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
