import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** How a server drains before it closes. */
export interface DrainOptions {
  /** How long `/readyz` answers 503 while the listener still accepts (a load balancer's notice). */
  delayMs: number;
  /** How long requests in flight may still take once the listener is closed. */
  timeoutMs: number;
}

/** What a drain did. */
export interface DrainReport {
  /** False when requests were still running at the timeout and their connections were cut. */
  finished: boolean;
}

/**
 * Drains and closes the app:
 * 1. `/readyz` answers 503 from now on, so a load balancer takes this process out;
 * 2. after `delayMs` the listener closes: no new connection is accepted, idle keep-alive
 *    connections are closed and a new request on a busy one is answered 503 (Fastify's own);
 * 3. live streams end at once (they never end by themselves; browsers reconnect to another
 *    process and resume from their last event); other requests in flight run to their end,
 *    up to `timeoutMs`; after that their connections are cut rather than keep a stopping
 *    process alive for ever;
 * 4. the app's close hooks run (timers, job scheduler). The database stays open: the caller
 *    owns it and closes it after.
 */
export async function drainAndClose(
  app: FastifyInstance,
  options: DrainOptions,
): Promise<DrainReport> {
  app.operator.startDraining();
  if (options.delayMs > 0) await sleep(options.delayMs);
  let finished = true;
  const timer = setTimeout(() => {
    finished = false;
    app.log.warn({ timeoutMs: options.timeoutMs }, 'requests still running at shutdown were cut');
    app.server.closeAllConnections();
  }, options.timeoutMs);
  timer.unref();
  if (app.hasDecorator('live')) app.live.closeAll();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return { finished };
}
