import { MaintenanceError, NetworkError } from '../api/errors';
import * as identityApi from '../api/identityApi';

/** How often the page asks whether maintenance is over while the server says it is not. */
export const MAINTENANCE_POLL_MS = 10_000;
/** How often the page asks while the server's database is unavailable (its `Retry-After`). */
export const UNAVAILABLE_POLL_MS = 5_000;
/** The longest wait between two checks while the server cannot be reached. */
export const MAINTENANCE_POLL_MAX_MS = 60_000;

/** What one check found. */
export const MaintenanceCheck = {
  /** The server answered, and not with 503. */
  over: 'over',
  /** The server answered 503. */
  ongoing: 'ongoing',
  /** No answer at all (the server is restarting, the network is down). */
  unreachable: 'unreachable',
} as const;
/** What one check found. */
export type MaintenanceCheck = (typeof MaintenanceCheck)[keyof typeof MaintenanceCheck];

/** Asks the session endpoint and says what the answer means for the maintenance page. */
export async function checkMaintenance(): Promise<MaintenanceCheck> {
  try {
    await identityApi.authorizationStatus();
  } catch (error) {
    if (error instanceof MaintenanceError) return MaintenanceCheck.ongoing;
    if (error instanceof NetworkError) return MaintenanceCheck.unreachable;
  }
  return MaintenanceCheck.over;
}

/**
 * The wait before the next check: ten seconds while the server says maintenance, doubling
 * (up to a minute) while it cannot be reached, so a restarting server is not hammered and
 * the page never gives up.
 */
export function nextCheckDelay(
  previousDelay: number,
  found: MaintenanceCheck,
  pollMs: number = MAINTENANCE_POLL_MS,
): number {
  if (found !== MaintenanceCheck.unreachable) return pollMs;
  return Math.min(MAINTENANCE_POLL_MAX_MS, Math.max(pollMs, previousDelay * 2));
}

/** Options of {@link MaintenanceWatch}. */
export interface MaintenanceWatchOptions {
  /** One check; {@link checkMaintenance} in the app. */
  check: () => Promise<MaintenanceCheck>;
  /** Called once, when a check finds maintenance over. */
  onOver: () => void;
  /** The wait between checks while the server answers 503; default {@link MAINTENANCE_POLL_MS}. */
  pollMs?: number;
}

/**
 * Re-checks until maintenance is over, one check at a time, with {@link nextCheckDelay}
 * between them. A failed or unanswered check schedules the next one; nothing stops it but
 * `stop()` or the end of maintenance.
 */
export class MaintenanceWatch {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delay = MAINTENANCE_POLL_MS;
  private stopped = false;
  private readonly options: MaintenanceWatchOptions;

  constructor(options: MaintenanceWatchOptions) {
    this.options = options;
  }

  /** Schedules the first check. */
  start(): void {
    this.stopped = false;
    this.schedule(this.options.pollMs ?? MAINTENANCE_POLL_MS);
  }

  /** Cancels the pending check. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.delay = delay;
    this.timer = setTimeout(() => void this.run(), delay);
  }

  private async run(): Promise<void> {
    let found: MaintenanceCheck;
    try {
      found = await this.options.check();
    } catch {
      found = MaintenanceCheck.unreachable;
    }
    if (this.stopped) return;
    if (found === MaintenanceCheck.over) {
      this.options.onOver();
      return;
    }
    this.schedule(nextCheckDelay(this.delay, found, this.options.pollMs));
  }
}
