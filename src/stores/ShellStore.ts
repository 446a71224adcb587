import { makeAutoObservable } from 'mobx';

/** The product name as the browser tab shows it (spec: '(n) {product} Task'). */
export const PRODUCT_TITLE = 'Tessera Task';

/** Above this many unread notifications the badge reads '9+'. */
export const BADGE_LIMIT = 9;

/**
 * State of the signed-in frame around the screens: the unread notification count (set by the
 * notification feature) with the tab title and badge it implies, and whether the phone
 * drawer is open. The drawer's Reports group has no entries of its own yet: there are no
 * report screens to lead to.
 */
export class ShellStore {
  /** Unread notifications; 0 until the notification feature reports some. */
  unreadCount = 0;
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

  /** Opens or closes the phone drawer. */
  setMobileDrawerOpen(open: boolean): void {
    this.mobileDrawerOpen = open;
  }

  /** Forgets everything that belonged to the signed-out account. */
  reset(): void {
    this.unreadCount = 0;
    this.mobileDrawerOpen = false;
  }
}
