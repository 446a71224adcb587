import type { AppConfig } from '../config';
import type { AppDatabase } from '../db/database';
import { definePlugin } from './definePlugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parsed environment. */
    config: AppConfig;
    /** The open database; `app.database.db` is the Kysely instance. */
    database: AppDatabase;
  }
}

/** What `buildApp` hands to the context plugin. */
export interface ContextOptions {
  config: AppConfig;
  database: AppDatabase;
}

/**
 * Makes the configuration and the database available as `app.config` and `app.database`.
 * The database is opened and closed by the caller (main.ts, tests), not by the app, so one
 * database can outlive several app instances in tests.
 */
export const contextPlugin = definePlugin<ContextOptions>(
  'tessera-database',
  async (app, options) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
  },
);
