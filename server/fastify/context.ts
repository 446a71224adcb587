import type { AppConfig } from '../config';
import type { AppDatabase } from '../db/database';
import { definePlugin } from './definePlugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parsed environment. */
    config: AppConfig;
    /** The open database; `app.database.db` is the Kysely instance. */
    database: AppDatabase;
    /** The time now: the machine's, or a clock a test holds still. */
    clock: () => Date;
  }
}

/** What `buildApp` hands to the context plugin. */
export interface ContextOptions {
  config: AppConfig;
  database: AppDatabase;
  /** Default: the machine's time. */
  clock?: () => Date;
}

/**
 * Makes the configuration, the database and the clock available as `app.config`,
 * `app.database` and `app.clock`.
 * The database is opened and closed by the caller (main.ts, tests), not by the app, so one
 * database can outlive several app instances in tests.
 */
export const contextPlugin = definePlugin<ContextOptions>(
  'tessera-database',
  async (app, options) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('clock', options.clock ?? (() => new Date()));
  },
);
