import { makeAutoObservable } from 'mobx';
import type { AnnouncerStore } from './AnnouncerStore';

/** The look of a toast; `danger` toasts stay until dismissed. */
export type ToastIntent = 'primary' | 'success' | 'warning' | 'danger' | 'none';

/** What a feature asks to show: a translation key (and its values), never English text. */
export interface ToastRequest {
  /** Translation key of the message, e.g. `common.serverErrorTryAgain`. */
  key: string;
  /** Interpolation values for the message. */
  values?: Record<string, string | number>;
  /** The look; `danger` by default, because most toasts report a failure. */
  intent?: ToastIntent;
  /**
   * The action reported, e.g. `task.complete:42`: a later success of the same action closes
   * its failures still on screen, so a red "not complete" never stands beside a green "done".
   */
  action?: string;
}

/** A toast on screen. */
export interface ToastItem {
  /** Stable id for React and for dismissing. */
  id: number;
  /** Translation key of the message. */
  key: string;
  /** Interpolation values for the message. */
  values: Record<string, string | number>;
  /** The look. */
  intent: ToastIntent;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  timeout: number;
  /** The action reported; null when the toast names none. */
  action: string | null;
}

/** How long a non-error toast stays. */
export const TOAST_TIMEOUT_MS = 5000;

/**
 * The app's toasts, as data: features push messages here and `ToastHost` renders them in a
 * Blueprint OverlayToaster. Error toasts do not close by themselves (spec 000 section 8);
 * the others do. The same message shown twice in a row is not stacked, and a success closes
 * the failures of the same action. A toast that is not a failure is a result, and results
 * are spoken by the app's one polite live region: it is put there too (the toast itself is
 * then kept from screen readers, so it is heard once); failures stay alerts.
 */
export class ToastStore {
  /** The toasts on screen, oldest first. */
  toasts: ToastItem[] = [];
  private nextId = 1;
  private readonly announcer: AnnouncerStore | null;

  /** `announcer` is the live region that speaks results; without one, toasts only show. */
  constructor(announcer: AnnouncerStore | null = null) {
    this.announcer = announcer;
    makeAutoObservable<ToastStore, 'nextId' | 'announcer'>(this, {
      nextId: false,
      announcer: false,
    });
  }

  /** Whether a toast of this look is spoken by the live region rather than as an alert. */
  spokenByLiveRegion(intent: ToastIntent): boolean {
    return this.announcer !== null && !isFailure(intent);
  }

  /** Shows a message; answers its id. */
  show(request: ToastRequest): number {
    const intent = request.intent ?? 'danger';
    const values = request.values ?? {};
    const action = request.action ?? null;
    if (action !== null && intent === 'success') {
      this.toasts = this.toasts.filter((t) => t.action !== action || !isFailure(t.intent));
    }
    if (this.spokenByLiveRegion(intent)) this.announcer?.announce(request.key, values);
    const same = this.toasts.find(
      (t) => t.key === request.key && t.intent === intent && sameValues(t.values, values),
    );
    if (same) return same.id;
    const id = this.nextId++;
    this.toasts.push({
      id,
      key: request.key,
      values,
      intent,
      timeout: intent === 'danger' ? 0 : TOAST_TIMEOUT_MS,
      action,
    });
    return id;
  }

  /** Shows a failure that stays until the user dismisses it or the action succeeds. */
  showError(key: string, values?: Record<string, string | number>, action?: string): number {
    return this.show({ key, values, intent: 'danger', action });
  }

  /** Shows a success that closes by itself, and closes the same action's failures. */
  showSuccess(key: string, values?: Record<string, string | number>, action?: string): number {
    return this.show({ key, values, intent: 'success', action });
  }

  /** Removes one toast (its close button, its timeout, or the app). */
  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }

  /** Removes every toast, e.g. on sign-out. */
  clear(): void {
    this.toasts = [];
  }
}

function isFailure(intent: ToastIntent): boolean {
  return intent === 'danger' || intent === 'warning';
}

function sameValues(
  a: Record<string, string | number>,
  b: Record<string, string | number>,
): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
