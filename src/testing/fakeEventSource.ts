import { EVENT_SOURCE_CLOSED, type LiveEventSource } from '../live/liveEventSource';

type Listener = (event: MessageEvent<unknown>) => void;

/** A stream the test drives by hand: it opens, sends, drops and gives up when told. */
export class FakeEventSource implements LiveEventSource {
  /** The URL it was opened at. */
  readonly url: string;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(url: string) {
    this.url = url;
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = EVENT_SOURCE_CLOSED;
  }

  /** Whether the app closed it. */
  get closed(): boolean {
    return this.readyState === EVENT_SOURCE_CLOSED;
  }

  /** The server answered: the stream is open. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sent one event; `data` as written on the wire. */
  send(type: string, data: string, id = ''): void {
    const event = new MessageEvent<unknown>(type, { data, lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The connection dropped; the browser retries unless it `gaveUp` (an error status). */
  drop(gaveUp = false): void {
    this.readyState = gaveUp ? EVENT_SOURCE_CLOSED : 0;
    this.onerror?.(new Event('error'));
  }
}

/** Hands out fake streams in place of `new EventSource(url)`, and keeps each one. */
export class FakeEventSources {
  /** Every stream opened, in order. */
  readonly opened: FakeEventSource[] = [];

  /** The factory the app is given. */
  readonly open = (url: string): FakeEventSource => {
    const source = new FakeEventSource(url);
    this.opened.push(source);
    return source;
  };

  /** The last stream opened. */
  get latest(): FakeEventSource {
    const source = this.opened.at(-1);
    if (!source) throw new Error('No stream was opened');
    return source;
  }
}
