import { makeAutoObservable } from 'mobx';

/** A message for the app's live region: a translation key and its values, never English. */
export interface Announcement {
  /** Stable id: a new id makes the same words spoken again. */
  id: number;
  /** Translation key of the message, e.g. `dashboard.resultCount`. */
  key: string;
  /**
   * Interpolation values. A numeric `count` picks the plural form, and the region adds
   * `formatted`, the count in the reader's number format; other numbers are read in that
   * format as they are.
   */
  values: Record<string, string | number>;
}

/**
 * The one polite live region of the app, as data: stores and screens say here what a
 * screen-reader user should hear after an action (a result count, a file ready), and
 * `LiveAnnouncer` in the shell speaks it. Only the latest message is kept: a polite region
 * reads what it holds once the user pauses, so older ones would only be noise.
 */
export class AnnouncerStore {
  /** The message in the region; null before the first one. */
  current: Announcement | null = null;
  private nextId = 1;

  constructor() {
    makeAutoObservable<AnnouncerStore, 'nextId'>(this, { nextId: false });
  }

  /** Puts a message in the live region, replacing the one there. */
  announce(key: string, values: Record<string, string | number> = {}): void {
    this.current = { id: this.nextId++, key, values };
  }
}
