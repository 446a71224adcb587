import { makeAutoObservable, reaction, runInAction } from 'mobx';
import {
  LIVE_RETRY_MS,
  LivePath,
  LiveStreamEvent,
  type LiveTaskEvent,
} from '../../schemas/api/liveConstants';
import {
  EVENT_SOURCE_CLOSED,
  type LiveEventSource,
  type OpenLiveEventSource,
} from './liveEventSource';
import { parseLiveTaskEvent } from './parseLiveTaskEvent';

/**
 * How long the first event of a burst waits for the rest before anything reloads. A bulk
 * reassign of 50 tasks arrives as 50 events within a few milliseconds; one reload for all of
 * them keeps the server and the screen calm, well inside the one-second budget.
 */
export const LIVE_COALESCE_MS = 150;

/** The longest wait between two attempts to reopen a stream the browser gave up on. */
const MAX_REOPEN_MS = 60_000;

/** Where the stream stands. */
export const LiveStatus = {
  /** Nobody is signed in, or the browser has no EventSource. */
  closed: 'closed',
  /** Opening, or the browser is retrying after a drop. */
  connecting: 'connecting',
  /** Events arrive. */
  open: 'open',
} as const;
/** One of `LiveStatus`. */
export type LiveStatus = (typeof LiveStatus)[keyof typeof LiveStatus];

/** What one burst of the stream said, handed to every listener at once. */
export interface LiveBatch {
  /** The task events of the burst, in the order they arrived. */
  readonly events: readonly LiveTaskEvent[];
  /**
   * Reload everything shown: the server no longer holds what was missed (`resync`), or the
   * stream was down for a while and may have missed something.
   */
  readonly resync: boolean;
}

/** Told about each burst. */
export type LiveListener = (batch: LiveBatch) => void;

/** What the live inbox needs from the rest of the app. */
export interface LiveInboxStoreDeps {
  /** The signed-in user who may see tasks, or null: the stream is open exactly while set. */
  signedInUserId: () => string | null;
  /** Opens the stream; null where the browser has none (nothing is live then). */
  open: OpenLiveEventSource | null;
}

/**
 * The live inbox (issue 25): one Server-Sent Events stream per signed-in user, open from
 * sign-in to sign-out. Task events are read defensively and handed on in bursts, one per
 * 150 ms at most, so the dashboard, the bell and an open task page each reload once however
 * many tasks a change touched. The browser reconnects by itself and sends the last event
 * id it saw; once a dropped stream is back, everything shown is reloaded once.
 */
export class LiveInboxStore {
  /** Where the stream stands. */
  status: LiveStatus = LiveStatus.closed;

  private readonly deps: LiveInboxStoreDeps;
  private readonly listeners = new Set<LiveListener>();
  private source: LiveEventSource | null = null;
  private pending: LiveTaskEvent[] = [];
  private pendingResync = false;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the stream dropped since it last opened. */
  private interrupted = false;
  /** Reopens in a row that failed, for the back-off. */
  private reopenFailures = 0;
  private lastEventId: string | null = null;
  private readonly stopWatching: () => void;

  constructor(deps: LiveInboxStoreDeps) {
    this.deps = deps;
    makeAutoObservable<
      LiveInboxStore,
      | 'deps'
      | 'listeners'
      | 'source'
      | 'pending'
      | 'pendingResync'
      | 'flushTimer'
      | 'reopenTimer'
      | 'interrupted'
      | 'reopenFailures'
      | 'lastEventId'
      | 'stopWatching'
    >(this, {
      deps: false,
      listeners: false,
      source: false,
      pending: false,
      pendingResync: false,
      flushTimer: false,
      reopenTimer: false,
      interrupted: false,
      reopenFailures: false,
      lastEventId: false,
      stopWatching: false,
    });
    // Another account gets its own stream; nobody signed in, none.
    this.stopWatching = reaction(
      () => deps.signedInUserId(),
      (userId) => {
        this.close();
        if (userId) this.connect();
      },
      { fireImmediately: true },
    );
  }

  /** Listens to every burst; answers a function that stops listening. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private connect(): void {
    const open = this.deps.open;
    if (!open) return;
    // A stream opened again by hand (the browser gave up) names the last event itself, as a
    // new EventSource does not carry it over.
    const url =
      this.lastEventId === null
        ? LivePath.events
        : `${LivePath.events}?lastEventId=${encodeURIComponent(this.lastEventId)}`;
    const source = open(url);
    this.source = source;
    this.status = LiveStatus.connecting;
    source.onopen = () => this.opened(source);
    source.onerror = () => this.dropped(source);
    source.addEventListener(LiveStreamEvent.task, (event) => this.received(source, event));
    source.addEventListener(LiveStreamEvent.resync, (event) => {
      if (source !== this.source) return;
      this.remember(event);
      this.queue(null);
    });
  }

  private opened(source: LiveEventSource): void {
    if (source !== this.source) return;
    this.status = LiveStatus.open;
    this.reopenFailures = 0;
    // Whatever happened while the stream was down is reloaded once.
    if (this.interrupted) {
      this.interrupted = false;
      this.queue(null);
    }
  }

  private dropped(source: LiveEventSource): void {
    if (source !== this.source) return;
    this.interrupted = true;
    this.status = LiveStatus.connecting;
    if (source.readyState !== EVENT_SOURCE_CLOSED) return;
    // The browser retries a dropped connection by itself, but not a refused one (an error
    // status, a proxy's page): that is tried again here, less often each time.
    source.close();
    this.source = null;
    const wait = Math.min(LIVE_RETRY_MS * 2 ** this.reopenFailures, MAX_REOPEN_MS);
    this.reopenFailures += 1;
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      if (this.deps.signedInUserId()) runInAction(() => this.connect());
    }, wait);
  }

  private received(source: LiveEventSource, event: MessageEvent<unknown>): void {
    if (source !== this.source) return;
    this.remember(event);
    const parsed = parseLiveTaskEvent(event.data);
    if (parsed) this.queue(parsed);
  }

  private remember(event: MessageEvent<unknown>): void {
    if (typeof event.lastEventId === 'string' && event.lastEventId !== '') {
      this.lastEventId = event.lastEventId;
    }
  }

  /** Adds an event (or a resync, for null) to the burst, which is handed on 150 ms after it began. */
  private queue(event: LiveTaskEvent | null): void {
    if (event) this.pending.push(event);
    else this.pendingResync = true;
    this.flushTimer ??= setTimeout(() => this.flush(), LIVE_COALESCE_MS);
  }

  private flush(): void {
    this.flushTimer = null;
    const batch: LiveBatch = { events: this.pending, resync: this.pendingResync };
    this.pending = [];
    this.pendingResync = false;
    for (const listener of this.listeners) listener(batch);
  }

  /** Closes the stream and forgets what it was waiting to hand on (sign-out). */
  close(): void {
    if (this.source) {
      this.source.onopen = null;
      this.source.onerror = null;
      this.source.close();
    }
    this.source = null;
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    if (this.reopenTimer !== null) clearTimeout(this.reopenTimer);
    this.flushTimer = null;
    this.reopenTimer = null;
    this.pending = [];
    this.pendingResync = false;
    this.interrupted = false;
    this.reopenFailures = 0;
    this.lastEventId = null;
    this.status = LiveStatus.closed;
  }

  /** Closes the stream and stops following the session (tests build a RootStore per case). */
  dispose(): void {
    this.stopWatching();
    this.close();
  }
}
