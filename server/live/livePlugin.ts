import { definePlugin } from '../fastify/definePlugin';
import { LiveHub, parseLiveNotice } from './LiveHub';
import { LIVE_CHANNEL, pruneLiveEvents } from './liveEvents';

/** How long the event log keeps a change: a browser away longer reloads instead of replaying. */
export const LIVE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** How often each process prunes the log: off the requests, and rarely. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The open live streams of this process (server/live). */
    live: LiveHub;
  }
}

/**
 * The live inbox's delivery: one LISTEN per process on the live channel (a connection of
 * its own on PostgreSQL, reconnected when it drops; the embedded backend on PGlite) wakes
 * the streams each notice concerns; after a reconnect every stream catches up. The log is
 * pruned on a timer. Streams end before the server closes, so a drain is quick and the
 * browsers resume on another process.
 */
export const livePlugin = definePlugin(
  'tessera-live',
  async (app) => {
    const hub = new LiveHub();
    app.decorate('live', hub);
    app.operator.metrics?.countLiveConnections(() => hub.size);
    const stopListening = await app.database.listen(LIVE_CHANNEL, {
      onNotify(payload) {
        const notice = parseLiveNotice(payload);
        if (notice) hub.deliver(notice);
      },
      onReconnect() {
        app.log.warn('the live listener reconnected; open streams catch up');
        hub.catchUpAll();
      },
    });
    const prune = setInterval(() => {
      pruneLiveEvents(app.database.db, LIVE_RETENTION_MS).catch((error: unknown) =>
        app.log.error({ err: error }, 'pruning the live event log failed'),
      );
    }, PRUNE_EVERY_MS);
    prune.unref();
    app.addHook('preClose', async () => hub.closeAll());
    app.addHook('onClose', async () => {
      clearInterval(prune);
      hub.closeAll();
      await stopListening();
    });
  },
  ['tessera-database', 'tessera-operator'],
);
