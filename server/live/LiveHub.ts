import type { LiveNotice } from './liveEvents';
import type { LiveStream } from './LiveStream';

/** At most this many open streams per user and process (tabs, windows, devices). */
export const LIVE_STREAMS_PER_USER = 10;

/**
 * The open streams of one server process, by tenant and user: routes each notice to the
 * streams it concerns, so a change wakes only the streams of its recipients (or, when the
 * notice was too large to name them, every stream of its tenant).
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly perUser = new Map<string, number>();

  /** Open streams now (the metrics' gauge). */
  get size(): number {
    return this.streams.size;
  }

  /** Whether one more stream of this user would pass the cap. */
  isFull(tenant: string, userId: string): boolean {
    return (this.perUser.get(userKey(tenant, userId)) ?? 0) >= LIVE_STREAMS_PER_USER;
  }

  /** Adds an open stream; it leaves by itself when it closes (see `removed`). */
  add(stream: LiveStream): void {
    this.streams.add(stream);
    const key = userKey(stream.reader.tenant, stream.reader.userId);
    this.perUser.set(key, (this.perUser.get(key) ?? 0) + 1);
  }

  /** Forgets a closed stream. */
  removed(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    const key = userKey(stream.reader.tenant, stream.reader.userId);
    const count = (this.perUser.get(key) ?? 1) - 1;
    if (count > 0) this.perUser.set(key, count);
    else this.perUser.delete(key);
  }

  /** Wakes the streams a notice concerns. */
  deliver(notice: LiveNotice): void {
    for (const stream of this.streams) {
      const { tenant, userId, groups } = stream.reader;
      if (tenant !== notice.tenant) continue;
      const concerned =
        notice.users === undefined ||
        notice.users.includes(userId) ||
        (notice.groups ?? []).some((group) => groups.includes(group));
      if (concerned) stream.notify([notice.id]);
    }
  }

  /** Every stream reads what it may have missed (the listener was away). */
  catchUpAll(): void {
    for (const stream of this.streams) stream.catchUp();
  }

  /** Ends every stream (shutdown): browsers reconnect to another process and resume. */
  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }
}

const userKey = (tenant: string, userId: string): string => `${tenant}\u0000${userId}`;

/** Reads a NOTIFY payload; undefined when it is not one of ours. */
export function parseLiveNotice(payload: string): LiveNotice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<LiveNotice> | null;
    if (typeof value?.tenant !== 'string' || typeof value.id !== 'number') return undefined;
    const strings = (list: unknown) =>
      Array.isArray(list) && list.every((item) => typeof item === 'string')
        ? (list as string[])
        : undefined;
    const users = strings(value.users);
    const groups = strings(value.groups);
    return {
      tenant: value.tenant,
      id: value.id,
      ...(users ? { users } : {}),
      ...(groups ? { groups } : {}),
    };
  } catch {
    return undefined;
  }
}
