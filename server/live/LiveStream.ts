import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { LIVE_HEARTBEAT_MS, LIVE_RETRY_MS, LiveStreamEvent } from '../../schemas/api/liveConstants';
import type { DatabaseSchema } from '../db/schema';
import { readLiveEvents, LIVE_READ_BATCH, type LiveReader, type LoggedEvent } from './liveEvents';
import { sessionRemainingMs } from './liveSession';

/** What a stream needs besides its connection. */
export interface LiveStreamOptions {
  readonly db: Kysely<DatabaseSchema>;
  readonly reader: LiveReader;
  /** The session behind the stream, checked whenever the stream wakes. */
  readonly session: { readonly tenant: string; readonly idHash: string };
  readonly idleMinutes: number;
  /** Called once when the stream has ended, whoever ended it. */
  readonly onClose: () => void;
  /** Told when reading or writing failed (the stream is closed then). */
  readonly onError: (error: unknown) => void;
}

/** How many sent ids a stream remembers, to skip one it reads again. */
const SENT_IDS_KEPT = 512;

/**
 * A browser that reads slower than its events come (or not at all) is cut past this many
 * unsent bytes: it reconnects and replays from its last id, and memory stays bounded.
 */
const UNSENT_BYTES_MAX = 1024 * 1024;

/** A timer can wait at most this long (Node's limit is 2^31 - 1 ms). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** One SSE frame: fields, then the blank line that ends it. */
function frame(fields: readonly [string, string][]): string {
  return `${fields.map(([name, value]) => `${name}: ${value}`).join('\n')}\n\n`;
}

/**
 * One browser's open event stream. It does nothing until it is woken: by a notice of new
 * events that concern its user (their ids), or by a catch-up after the listening connection
 * came back (everything after the last id sent). Each wake first asks whether the session
 * still lives and closes the stream if not; then reads and writes the events. Between wakes
 * it costs no database work, only a comment line every `LIVE_HEARTBEAT_MS` and one session
 * check when the session would end by itself.
 */
export class LiveStream {
  /** The highest event id written. */
  private lastSent: number;
  /** Ids written recently: a row that committed late is read by id and must not go twice. */
  private readonly sentIds = new Set<number>();
  private readonly pendingIds = new Set<number>();
  private catchUpPending = false;
  private running: Promise<void> | undefined;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;
  private sessionTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly response: ServerResponse,
    private readonly options: LiveStreamOptions,
    lastEventId: number,
  ) {
    this.lastSent = lastEventId;
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), LIVE_HEARTBEAT_MS);
    this.heartbeat.unref();
    response.on('close', () => this.close());
  }

  /** The stream's user and tenant, for the hub's routing. */
  get reader(): LiveReader {
    return this.options.reader;
  }

  /** Whether the stream has ended. */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Starts the stream: the retry time, then what the browser missed since its last event id
   * (`replay`), or a `resync` naming the id to go on from, or for a first connection the id
   * to resume from (`resumeId`: an id without data sets the browser's last event id and
   * dispatches nothing). `sessionRemainingMs` is how long the session lives if nothing
   * touches it, as checked when the stream was opened.
   */
  start(opening: {
    readonly replay: boolean;
    readonly resyncId?: number;
    readonly resumeId?: number;
    readonly sessionRemainingMs: number;
  }): void {
    this.write(`retry: ${LIVE_RETRY_MS}\n\n`);
    if (opening.resumeId !== undefined) this.write(frame([['id', String(opening.resumeId)]]));
    if (opening.resyncId !== undefined) {
      this.lastSent = opening.resyncId;
      this.write(
        frame([
          ['id', String(opening.resyncId)],
          ['event', LiveStreamEvent.resync],
          ['data', '{}'],
        ]),
      );
    }
    this.scheduleSessionCheck(opening.sessionRemainingMs);
    if (opening.replay) this.catchUp();
  }

  /** New events with these ids concern this stream's user. */
  notify(ids: readonly number[]): void {
    for (const id of ids) if (!this.sentIds.has(id)) this.pendingIds.add(id);
    this.kick();
  }

  /** Reads everything after the last id sent (a dropped listener may have missed notices). */
  catchUp(): void {
    this.catchUpPending = true;
    this.kick();
  }

  /** Ends the stream (sign-out, shutdown, the browser left). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.sessionTimer) clearTimeout(this.sessionTimer);
    if (!this.response.writableEnded) this.response.end();
    this.options.onClose();
  }

  private kick(): void {
    if (this.running || this.closed) return;
    this.running = this.drain()
      .catch((error: unknown) => {
        this.options.onError(error);
        this.close();
      })
      .finally(() => {
        this.running = undefined;
        if (this.pendingIds.size > 0 || this.catchUpPending) this.kick();
      });
  }

  /**
   * 1. the session: ended, the stream closes;
   * 2. the events: by id for notices, by range for a catch-up, in batches;
   * 3. the next session check, at the time the session would end by itself.
   */
  private async drain(): Promise<void> {
    while (!this.closed && (this.pendingIds.size > 0 || this.catchUpPending)) {
      const remaining = await sessionRemainingMs(
        this.options.db,
        this.options.session,
        this.options.idleMinutes,
      );
      if (remaining === null) {
        this.close();
        return;
      }
      this.scheduleSessionCheck(remaining);
      if (this.catchUpPending) {
        this.catchUpPending = false;
        this.pendingIds.clear();
        let batch: LoggedEvent[];
        do {
          batch = await readLiveEvents(this.options.db, this.options.reader, {
            afterId: this.lastSent,
          });
          this.send(batch);
        } while (batch.length === LIVE_READ_BATCH && !this.closed);
      } else {
        const ids = [...this.pendingIds].slice(0, LIVE_READ_BATCH);
        for (const id of ids) this.pendingIds.delete(id);
        this.send(await readLiveEvents(this.options.db, this.options.reader, { ids }));
      }
    }
  }

  private send(events: readonly LoggedEvent[]): void {
    for (const { id, event } of events) {
      if (this.sentIds.has(id)) continue;
      this.write(
        frame([
          ['id', String(id)],
          ['event', LiveStreamEvent.task],
          ['data', JSON.stringify(event)],
        ]),
      );
      this.sentIds.add(id);
      if (this.sentIds.size > SENT_IDS_KEPT) {
        const [oldest] = this.sentIds;
        if (oldest !== undefined) this.sentIds.delete(oldest);
      }
      this.lastSent = Math.max(this.lastSent, id);
    }
  }

  /** Checks the session again when it would end if nothing touched it (one query then). */
  private scheduleSessionCheck(remainingMs: number): void {
    if (this.sessionTimer) clearTimeout(this.sessionTimer);
    this.sessionTimer = setTimeout(
      () => {
        this.sessionTimer = undefined;
        void this.checkSession();
      },
      Math.min(remainingMs + 1_000, LONGEST_TIMER_MS),
    );
    this.sessionTimer.unref();
  }

  private async checkSession(): Promise<void> {
    if (this.closed || this.running) return;
    try {
      const remaining = await sessionRemainingMs(
        this.options.db,
        this.options.session,
        this.options.idleMinutes,
      );
      if (remaining === null) this.close();
      else this.scheduleSessionCheck(remaining);
    } catch (error) {
      this.options.onError(error);
    }
  }

  private write(text: string): void {
    if (this.closed || this.response.writableEnded) return;
    this.response.write(text);
    if (this.response.writableLength > UNSENT_BYTES_MAX) this.close();
  }
}
