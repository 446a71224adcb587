/** A window no taller than this gets the fixed table height (spec 000 section 9). */
export const SHORT_WINDOW_PX = 800;

/** The table height of short windows. */
export const SHORT_WINDOW_TABLE_PX = 500;

/** What the rest of the page takes besides the tabs and the filters (spec 000 section 9). */
export const TABLE_HEIGHT_RESERVE_PX = 250;

/** The smallest height a table gets however crowded the page, so a few rows always show. */
export const MIN_TABLE_PX = 220;

/**
 * The table's height (spec 000 section 9): 500 px when the window is 800 px tall or less,
 * otherwise the window height minus the tabs, the filters and 250 px.
 */
export function tableHeight(
  windowHeight: number,
  tabsHeight: number,
  filtersHeight: number,
): number {
  if (windowHeight <= SHORT_WINDOW_PX) return SHORT_WINDOW_TABLE_PX;
  return Math.max(
    MIN_TABLE_PX,
    windowHeight - tabsHeight - filtersHeight - TABLE_HEIGHT_RESERVE_PX,
  );
}
