import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDatabase } from '../db/database';
import { queueLoads } from '../workers/queueRegistry';
import { clusterMetrics } from './processCluster';

/** One scrape: the text and the content type to send it with. */
export interface Scrape {
  contentType: string;
  text: string;
}

/** The app's metrics: what its hooks record, and the scrape. */
export interface AppMetrics {
  /** Records one answered request under its route pattern (never the raw URL). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /**
   * The scrape. In a worker of TESSERA_PROCESSES it reports every process of the server,
   * summed by the primary, since a scrape of the port reaches one of them by chance.
   */
  scrape(): Promise<Scrape>;
  /** Where the gauge of open live connections reads its count (the live plugin's streams). */
  countLiveConnections(source: () => number): void;
  /** Where the counter of task-list answers, kept or read afresh, reads its counts. */
  countTaskListAnswers(source: () => { hits: number; misses: number }): void;
  /** This process's metrics as prom-client's JSON, for the primary to sum. */
  snapshot(): Promise<unknown>;
  /** Stops listening to the database's statements. */
  stop(): void;
}

/** Request durations in seconds: API calls are milliseconds, downloads and documents seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

let sharedProcessRegistry: Registry | undefined;

/**
 * Node's own metrics (CPU, memory, event-loop lag, garbage collection) describe the process,
 * not an app, and their collectors run for the life of the process: set up once per
 * process, whatever number of apps it builds (tests build many).
 */
function processMetrics(): Registry {
  if (!sharedProcessRegistry) {
    sharedProcessRegistry = new Registry();
    collectDefaultMetrics({ register: sharedProcessRegistry });
  }
  return sharedProcessRegistry;
}

/**
 * The metrics of one app in a registry of its own (two apps in one process never clash):
 * request durations, the database pool and statement times, job queues, open live
 * connections; with the process's metrics added at each scrape.
 */
export function createAppMetrics(database: AppDatabase, draining: () => boolean): AppMetrics {
  // Started with the app rather than at the first scrape, so event-loop lag and garbage
  // collection are measured from the start.
  const processRegistry = processMetrics();
  const registry = new Registry();
  const requests = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'tessera_db_query_duration_seconds',
    help: 'Time of one database statement, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const stopQueries = database.onQuery((durationMs, failed) =>
    queries.observe({ outcome: failed ? 'error' : 'ok' }, durationMs / 1000),
  );
  new Gauge({
    name: 'tessera_db_pool_connections',
    help: 'Database pool: open connections, idle ones, callers waiting for one, and the maximum.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });
  new Gauge({
    name: 'tessera_queue_jobs',
    help: 'Jobs of the bounded queues (documents, downloads, spreadsheet parses, password hashes).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [queue, load] of queueLoads()) {
        this.set({ queue, state: 'running' }, load.running);
        this.set({ queue, state: 'waiting' }, load.waiting);
      }
    },
  });
  let liveConnections: () => number = () => 0;
  new Gauge({
    name: 'tessera_live_connections',
    help: 'Open live-update connections to browsers.',
    registers: [registry],
    collect() {
      this.set(liveConnections());
    },
  });
  let taskListAnswers = () => ({ hits: 0, misses: 0 });
  new Counter({
    name: 'tessera_task_list_answers_total',
    help: 'Dashboard list answers, given again from the cache (hit) or read afresh (miss).',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const { hits, misses } = taskListAnswers();
      this.reset();
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
    },
  });
  new Gauge({
    name: 'tessera_draining',
    help: '1 while the server drains before it stops.',
    registers: [registry],
    collect() {
      this.set(draining() ? 1 : 0);
    },
  });

  return {
    observeRequest(method, route, statusCode, seconds) {
      requests.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    async scrape() {
      const merged = Registry.merge([processRegistry, registry]);
      const text = (await clusterMetrics()) ?? (await merged.metrics());
      return { contentType: merged.contentType, text };
    },
    snapshot() {
      return Registry.merge([processRegistry, registry]).getMetricsAsJSON();
    },
    countLiveConnections(source) {
      liveConnections = source;
    },
    countTaskListAnswers(source) {
      taskListAnswers = source;
    },
    stop: stopQueries,
  };
}
