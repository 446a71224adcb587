/** A minute, the window of the budget. */
const WINDOW_MS = 60_000;

/**
 * How many reports each sender may send a minute: a fixed window per key, kept in memory
 * (a flood guard like the global request budget; the table is bounded whatever gets past
 * it). At most `maxKeys` senders are remembered, so a flood of addresses cannot grow it.
 */
export class ReportBudget {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one report of `key`'s budget; false when the minute's budget is spent. */
  take(key: string): boolean {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.forgetOld(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.perMinute) return false;
    window.count += 1;
    return true;
  }

  /** Seconds until `key` may report again. */
  secondsLeft(key: string): number {
    const window = this.windows.get(key);
    return window ? Math.max(1, Math.ceil((window.start + WINDOW_MS - this.now()) / 1000)) : 0;
  }

  /** Drops expired windows, then the oldest ones, until there is room for one more. */
  private forgetOld(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= WINDOW_MS) this.windows.delete(key);
    }
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
