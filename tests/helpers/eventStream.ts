import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { SESSION_COOKIE } from '../../server/fastify/session';

/** One Server-Sent Events frame as a browser would read it (comments kept, for the heartbeat). */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** An open event stream over a real connection, read frame by frame. */
export interface EventStreamClient {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** Every frame so far, in order. */
  readonly frames: SseFrame[];
  /** The frames of `event: task`, their data parsed. */
  taskEvents(): { id: string; data: Record<string, unknown> }[];
  /** Resolves once a frame matches, or rejects after `timeoutMs`. */
  waitFor(match: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  /** The body of an answer that was not a stream (an error), once it has ended. */
  body(): Promise<string>;
  close(): void;
}

/** What to open a stream with. */
export interface OpenStreamOptions {
  port: number;
  /** The Host header (the tenant's host). */
  host: string;
  /** The session cookie's value; none for an anonymous caller. */
  cookie?: string;
  path: string;
  headers?: Record<string, string>;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      frame.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'id' || name === 'event' || name === 'retry') frame[name] = value;
    if (name === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
  }
  return frame;
}

/**
 * Opens `GET path` over HTTP, as EventSource would, and parses the frames as they arrive.
 * Resolves once the answer's head is in.
 */
export function openEventStream(options: OpenStreamOptions): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const frames: SseFrame[] = [];
    const waiters = new Set<() => void>();
    let text = '';
    let raw = '';
    let endedResolve: () => void = () => {};
    const ended = new Promise<void>((done) => {
      endedResolve = done;
    });
    const req = httpRequest(
      {
        host: 'localhost',
        port: options.port,
        path: options.path,
        headers: {
          host: options.host,
          accept: 'text/event-stream',
          ...(options.cookie ? { cookie: `${SESSION_COOKIE}=${options.cookie}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          raw += chunk;
          text += chunk;
          let end = text.indexOf('\n\n');
          while (end >= 0) {
            frames.push(parseFrame(text.slice(0, end)));
            text = text.slice(end + 2);
            end = text.indexOf('\n\n');
          }
          for (const waiter of [...waiters]) waiter();
        });
        const finish = () => {
          endedResolve();
          for (const waiter of [...waiters]) waiter();
        };
        response.on('end', finish);
        response.on('close', finish);
        let closed = false;
        void ended.then(() => {
          closed = true;
        });
        const client: EventStreamClient = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          frames,
          ended,
          taskEvents: () =>
            frames
              .filter((frame) => frame.event === 'task')
              .map((frame) => ({
                id: frame.id ?? '',
                data: JSON.parse(frame.data ?? '{}') as Record<string, unknown>,
              })),
          waitFor(match, timeoutMs = 3_000) {
            return new Promise((found, fail) => {
              const check = () => {
                const frame = frames.find(match);
                if (frame) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  found(frame);
                } else if (closed) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  fail(new Error(`The stream ended first; frames: ${JSON.stringify(frames)}`));
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(
                  new Error(`No such frame in ${timeoutMs} ms; frames: ${JSON.stringify(frames)}`),
                );
              }, timeoutMs);
              waiters.add(check);
              check();
            });
          },
          body: async () => {
            await ended;
            return raw;
          },
          close: () => req.destroy(),
        };
        resolve(client);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
