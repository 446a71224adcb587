import { DESKTOP_NOTIFICATION_MS } from './notificationTimings';
import { i18n } from '../i18n/i18n';

/** How many new notifications of each kind arrived. */
export interface NewArrivals {
  /** New assigned tasks. */
  assigned: number;
  /** New tasks to claim. */
  candidate: number;
}

/** Shows browser notifications; injected so stores and tests need no browser. */
export interface DesktopNotifier {
  /** Whether this browser may show them at all (supported, not mobile, not Linux-like). */
  readonly available: boolean;
  /** Whether the user has not decided yet, so the app may ask. */
  readonly canAsk: boolean;
  /** Asks for permission (call from a click); answers whether it was granted. */
  ask(): Promise<boolean>;
  /** Shows a notification for new arrivals, when permitted. */
  notify(arrivals: NewArrivals): void;
}

/**
 * Mobile and Linux-like user agents get no browser notifications (spec 000 section 4): on
 * phones they duplicate the system's own, and Linux desktops often lack a notification daemon.
 */
export function skipsDesktopNotifications(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Linux|X11|CrOS/i.test(userAgent);
}

/** A notifier that does nothing (tests, servers, browsers without the API). */
export const silentNotifier: DesktopNotifier = {
  available: false,
  canAsk: false,
  ask: () => Promise.resolve(false),
  notify: () => undefined,
};

/** The browser's notifier: a notification that stays up to 24 hours, then closes itself. */
export function browserNotifier(): DesktopNotifier {
  if (typeof window === 'undefined' || typeof window.Notification !== 'function') {
    return silentNotifier;
  }
  if (skipsDesktopNotifications(window.navigator.userAgent)) return silentNotifier;
  const Api = window.Notification;
  return {
    available: true,
    get canAsk() {
      return Api.permission === 'default';
    },
    async ask() {
      try {
        return (await Api.requestPermission()) === 'granted';
      } catch {
        return false;
      }
    },
    notify(arrivals) {
      if (Api.permission !== 'granted') return;
      const lines: string[] = [];
      if (arrivals.assigned > 0) {
        lines.push(i18n.t('notifications.desktopAssigned', { count: arrivals.assigned }));
      }
      if (arrivals.candidate > 0) {
        lines.push(i18n.t('notifications.desktopCandidate', { count: arrivals.candidate }));
      }
      try {
        const notification = new Api(i18n.t('notifications.desktopTitle'), {
          body: lines.join('\n'),
          icon: '/favicon.svg',
          tag: 'tessera-tasks',
          requireInteraction: true,
        });
        notification.onclick = () => {
          window.focus();
          notification.close();
        };
        setTimeout(() => notification.close(), DESKTOP_NOTIFICATION_MS);
      } catch {
        // Some browsers allow notifications only from a service worker; the bell still shows.
      }
    },
  };
}
