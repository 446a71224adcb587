// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNotifier } from './desktopNotifier';

/** The spec's lifetime of a desktop notification, written out. */
const TWENTY_FOUR_HOURS_MS = 86_400_000;

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const LINUX_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/**
 * The browser's Notification API as far as Tessera uses it (jsdom has none): permission
 * granted, and each notification records whether it was closed.
 */
class RecordingNotification {
  static permission: NotificationPermission = 'granted';
  static readonly shown: RecordingNotification[] = [];
  static requestPermission = () => Promise.resolve<NotificationPermission>('granted');
  closed = false;
  onclick: (() => void) | null = null;
  readonly title: string;
  readonly options: NotificationOptions | undefined;

  constructor(title: string, options?: NotificationOptions) {
    this.title = title;
    this.options = options;
    RecordingNotification.shown.push(this);
  }

  close(): void {
    this.closed = true;
  }
}

beforeEach(() => {
  RecordingNotification.shown.length = 0;
  vi.stubGlobal('Notification', RecordingNotification);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('spec 000 sections 4 and 9 (lines 171 and 317): a desktop notification lasts 24 h', () => {
  it('given a desktop browser that allows notifications, when new tasks arrive, then the notification stays up for 24 hours and closes itself then', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WINDOWS_CHROME);
    const notifier = browserNotifier();
    expect(notifier.available).toBe(true);

    notifier.notify({ assigned: 2, candidate: 1 });

    const [shown] = RecordingNotification.shown;
    expect(RecordingNotification.shown).toHaveLength(1);
    expect(shown?.options?.body).toBe(
      '2 new tasks are assigned to you.\n1 new task is waiting to be claimed.',
    );
    vi.advanceTimersByTime(TWENTY_FOUR_HOURS_MS - 1);
    expect(shown?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown?.closed).toBe(true);
  });

  it('given a Linux desktop, when new tasks arrive, then no browser notification is shown', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(LINUX_CHROME);
    const notifier = browserNotifier();

    notifier.notify({ assigned: 1, candidate: 0 });

    expect(notifier.available).toBe(false);
    expect(RecordingNotification.shown).toHaveLength(0);
  });
});
