/** How often notifications reload (spec 000 section 9: 30 minutes). */
export const NOTIFICATION_REFRESH_MS = 30 * 60 * 1000;

/** How long a desktop notification stays (spec 000 section 9: 24 h). */
export const DESKTOP_NOTIFICATION_MS = 24 * 60 * 60 * 1000;
