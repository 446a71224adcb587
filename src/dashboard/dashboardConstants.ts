// The dashboard's own timings and defaults. Limits the server enforces too (page sizes, the
// bulk reassignment's size, a comment's length) live in schemas/api/tasksConstants.ts.

/** Rows per page until the user picks another size, per list kind. */
export const DEFAULT_PAGE_SIZE = 10;

/** How long 'reassigned successfully' stays (spec 000 section 9). */
export const REASSIGN_SUCCESS_MS = 7000;

/** How many comments with text the team popup shows (spec 000 section 2). */
export const COMMENT_POPUP_LIMIT = 3;

/** How long the search box waits for the typing to stop before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 350;

/** How long the table waits after a resize before it measures again (spec 000 section 9). */
export const TABLE_RESIZE_DEBOUNCE_MS = 200;
