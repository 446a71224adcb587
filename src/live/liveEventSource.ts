/** What the live inbox uses of the browser's `EventSource`, so tests can hand in their own. */
export interface LiveEventSource {
  /** 0 connecting, 1 open, 2 closed (the browser gave up and will not retry). */
  readonly readyState: number;
  /** Called when the stream (re)opens. */
  onopen: ((event: Event) => void) | null;
  /** Called when the stream drops; the browser retries unless `readyState` is closed. */
  onerror: ((event: Event) => void) | null;
  /** Listens to one named event of the stream (the SSE `event:` field). */
  addEventListener(type: string, listener: (event: MessageEvent<unknown>) => void): void;
  /** Ends the stream for good. */
  close(): void;
}

/** Opens a stream at a same-origin URL (the session cookie goes with it). */
export type OpenLiveEventSource = (url: string) => LiveEventSource;

/** `EventSource.CLOSED`, spelled out so the store does not need the browser's global. */
export const EVENT_SOURCE_CLOSED = 2;

/** The browser's own `EventSource`, or null where there is none (old browsers, Node). */
export function browserEventSource(): OpenLiveEventSource | null {
  if (typeof EventSource !== 'function') return null;
  return (url) => new EventSource(url);
}
