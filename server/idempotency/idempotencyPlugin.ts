import { definePlugin } from '../fastify/definePlugin';
import { sweepIdempotencyKeys } from './idempotentWrite';

/** How often each server process deletes expired idempotency records. */
const SWEEP_MINUTES = 60;

/**
 * Deletes the idempotency records whose day is over, every hour, in each server process (a
 * delete of expired rows is safe to run twice). The writes themselves use idempotentWrite.
 */
export const idempotencyPlugin = definePlugin(
  'tessera-idempotency',
  async (app) => {
    const sweep = setInterval(() => {
      sweepIdempotencyKeys(app.database.db).then(
        (removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed expired idempotency records');
        },
        (error: unknown) => app.log.error({ err: error }, 'idempotency record clean-up failed'),
      );
    }, SWEEP_MINUTES * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  ['tessera-database'],
);
