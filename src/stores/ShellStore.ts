import { makeAutoObservable } from 'mobx';

/** The product name as the browser tab shows it (spec: '(n) {product} Task'). */
export const PRODUCT_TITLE = 'Tessera Task';

/** Above this many unread notifications the badge reads '9+'. */
export const BADGE_LIMIT = 9;

/** One entry of the Reports group of the navigation drawer (one per object definition). */
export interface ReportEntry {
  /** Stable key, the object definition key. */
  key: string;
  /** The label shown, already in the user's language. */
  label: string;
  /** The colour of the dot beside the label (any CSS colour). */
  color: string;
  /** Where the entry leads, e.g. `/objectdata/customers/1`. */
  path: string;
}

/**
 * State of the signed-in frame around the screens: the unread notification count (set by the
 * notification feature) with the tab title and badge it implies, the Reports entries of the
 * drawer (set by the records feature) and whether the phone drawer is open.
 */
export class ShellStore {
  /** Unread notifications; 0 until the notification feature reports some. */
  unreadCount = 0;
  /** Entries of the Reports group; empty until the records feature supplies them. */
  reportEntries: ReportEntry[] = [];
  /** Whether the modal drawer is open on a phone-sized screen. */
  mobileDrawerOpen = false;

  constructor() {
    makeAutoObservable(this);
  }

  /** The text of the count badge: null when nothing is unread, '9+' above 9. */
  get badgeText(): string | null {
    if (this.unreadCount <= 0) return null;
    return this.unreadCount > BADGE_LIMIT ? `${BADGE_LIMIT}+` : String(this.unreadCount);
  }

  /** The browser tab title: '(n) Tessera Task' with unread notifications, else 'Tessera Task'. */
  get documentTitle(): string {
    return this.badgeText === null ? PRODUCT_TITLE : `(${this.badgeText}) ${PRODUCT_TITLE}`;
  }

  /** Sets the unread count; anything not a positive number counts as none. */
  setUnreadCount(count: number): void {
    this.unreadCount = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  }

  /** Replaces the Reports entries of the drawer. */
  setReportEntries(entries: ReportEntry[]): void {
    this.reportEntries = entries;
  }

  /** Opens or closes the phone drawer. */
  setMobileDrawerOpen(open: boolean): void {
    this.mobileDrawerOpen = open;
  }

  /** Forgets everything that belonged to the signed-out account. */
  reset(): void {
    this.unreadCount = 0;
    this.reportEntries = [];
    this.mobileDrawerOpen = false;
  }
}
