import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_DEADLINES, type DatabaseDeadlines } from './db/databaseGuard';
import { loadDocumentConfig, type DocumentConfig } from './documents/documentConfig';
import { loadFileStoreConfig, type FileStoreConfig } from './files/fileStoreConfig';
import type { HashingSlots } from './identity/hashingQueue';
import { DEFAULT_SCRYPT_PARAMS, type ScryptParams } from './identity/passwordHash';

/** Everything the server reads from its environment, parsed once at start-up. */
export interface AppConfig {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  host: string;
  /** PGlite folder, used when `databaseUrl` is empty. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * `smtp://user:pass@host:port`; without it every mail is written as an `.eml` file to
   * `mailDir` and named in the log, for the operator's eyes only.
   */
  smtpUrl: string | undefined;
  /** Where mails go without SMTP_URL: MAIL_DIR, else `mail` under DATA_DIR (`./data/mail`). */
  mailDir: string;
  /**
   * The `/dev/outbox` pages (TESSERA_DEV_OUTBOX=1, set by `npm run dev` only): each signed-in
   * user reads the mails addressed to them. Refused in production.
   */
  devOutbox: boolean;
  mailFrom: string;
  /** Origin of a tenant's links in mails, with `{tenant}` and `{port}` placeholders. */
  publicUrlTemplate: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Lifetime of an emailed password-reset code. */
  resetCodeMinutes: number;
  /**
   * Per-IP request budget per minute of this process, a flood guard rather than a sign-in
   * throttle: RATE_LIMIT_PER_MINUTE shared out over the `processes` of this server, since
   * each keeps its own count and the cluster hands connections round the processes.
   */
  rateLimitPerMinute: number;
  /**
   * How many server processes `server/main.ts` runs on the one port (TESSERA_PROCESSES,
   * default 1). More than one needs PostgreSQL: embedded PGlite is one process by nature.
   */
  processes: number;
  /** scrypt cost for new password hashes (tests lower it to stay fast). */
  passwordHashing: ScryptParams;
  /** How many password hashes run at once and may wait (see identity/hashingQueue.ts). */
  hashingSlots: HashingSlots;
  /** Trust X-Forwarded-* headers (only behind a proxy that sets them). */
  trustProxy: boolean;
  /** The file store's limits and clean-up (server/files/fileStoreConfig.ts). */
  files: FileStoreConfig;
  /** The document generation queue's size and how long generated documents are kept. */
  documents: DocumentConfig;
  nodeEnv: string;
  logLevel: string;
  /**
   * Where the browser app's error reports are forwarded in Sentry's protocol
   * (`https://<key>@<host>/<project>`); without it they are only stored and logged.
   */
  sentryDsn: string | undefined;
  /**
   * The bearer token that `/metrics` asks for (METRICS_TOKEN, at least 16 characters);
   * without it `/metrics` answers 404, so metrics are never open by default.
   */
  metricsToken: string | undefined;
  /**
   * On SIGTERM, how long `/readyz` answers 503 while the server still serves, so a load
   * balancer stops sending before the listener closes (DRAIN_DELAY_SECONDS).
   */
  drainDelaySeconds: number;
  /** How long requests in flight may take to finish after the listener closed. */
  shutdownTimeoutSeconds: number;
  /**
   * How long a call waits for a database connection and for each statement before it answers
   * 503 `DATABASE_UNAVAILABLE` (DATABASE_ACQUIRE_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS).
   */
  databaseDeadlines: DatabaseDeadlines;
}

/** Thrown for an environment variable the server cannot use. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer of at least ${min}, got "${raw}".`);
  }
  return value;
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/**
 * Slots for `concurrency` parallel hashes: eight waiting and two places per address per slot,
 * and one more slot that only sign-ins with a device cookie use, so they never queue behind a flood.
 */
export function hashingSlots(concurrency: number): HashingSlots {
  const running = Math.max(1, concurrency);
  return {
    concurrency: running,
    queueLength: 8 * running,
    perAddress: 2 * running,
    trustedSlots: 1,
  };
}

/** A Sentry DSN: an http(s) URL with a public key as its user and a project as its path. */
function sentryDsn(env: NodeJS.ProcessEnv): string | undefined {
  const raw = text(env, 'SENTRY_DSN');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !url.username || url.pathname.length < 2) {
    throw new ConfigError('SENTRY_DSN must look like https://<key>@<host>/<project>.');
  }
  return raw;
}

/**
 * TESSERA_DEV_OUTBOX: `1` turns the development outbox on. It shows mails, reset links
 * included, through the web, so production refuses to start with it rather than ignore it.
 */
function devOutbox(env: NodeJS.ProcessEnv, nodeEnv: string): boolean {
  const raw = text(env, 'TESSERA_DEV_OUTBOX');
  if (raw === undefined || raw === '0') return false;
  if (raw !== '1') throw new ConfigError(`TESSERA_DEV_OUTBOX must be 1 or 0, got "${raw}".`);
  if (nodeEnv === 'production') {
    throw new ConfigError('TESSERA_DEV_OUTBOX cannot be set in production.');
  }
  return true;
}

/** The shortest METRICS_TOKEN accepted: a guessable token would open the metrics to anyone. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

/** METRICS_TOKEN, refused when too short to be a secret. */
function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const raw = text(env, 'METRICS_TOKEN');
  if (raw !== undefined && raw.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long.`,
    );
  }
  return raw;
}

/**
 * TESSERA_PROCESSES: how many processes serve the port. Embedded PGlite holds its folder for
 * one process, so more than one is refused without DATABASE_URL rather than fail later.
 */
function processCount(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): number {
  const count = integer(env, 'TESSERA_PROCESSES', 1, 1);
  if (count > 1 && databaseUrl === undefined) {
    throw new ConfigError(
      `TESSERA_PROCESSES=${count} needs PostgreSQL (DATABASE_URL): the embedded database ` +
        'serves one process only. Set DATABASE_URL or leave TESSERA_PROCESSES at 1.',
    );
  }
  return count;
}

/** Reads the configuration from environment variables (defaults suit a laptop). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = text(env, 'NODE_ENV') ?? 'development';
  const dataDir = text(env, 'DATA_DIR') ?? './data';
  const databaseUrl = text(env, 'DATABASE_URL');
  const processes = processCount(env, databaseUrl);
  return {
    port: integer(env, 'PORT', 8080, 0),
    // This machine only (what localhost resolves to): the demo's accounts share a published
    // password, so serving other machines is an operator's choice (HOST=0.0.0.0), not a default.
    host: text(env, 'HOST') ?? 'localhost',
    dataDir,
    databaseUrl,
    smtpUrl: text(env, 'SMTP_URL'),
    // With DATABASE_URL the data folder holds no database, but it still is the one folder
    // of this server's own files, so the mails go there too.
    mailDir: text(env, 'MAIL_DIR') ?? join(dataDir, 'mail'),
    devOutbox: devOutbox(env, nodeEnv),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Tessera <no-reply@tessera.localhost>',
    publicUrlTemplate: text(env, 'PUBLIC_URL_TEMPLATE') ?? 'http://{tenant}.localhost:{port}',
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1),
    sessionAbsoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 12, 1),
    resetCodeMinutes: integer(env, 'RESET_CODE_MINUTES', 60, 1),
    rateLimitPerMinute: Math.ceil(integer(env, 'RATE_LIMIT_PER_MINUTE', 1200, 1) / processes),
    processes,
    passwordHashing: DEFAULT_SCRYPT_PARAMS,
    hashingSlots: hashingSlots(
      // One core stays free for everything else; libuv runs four hashes at most anyway. The
      // processes of one server share the cores, so each takes its share of them.
      integer(
        env,
        'PASSWORD_HASH_CONCURRENCY',
        Math.min(4, Math.floor((availableParallelism() - 1) / processes)),
        1,
      ),
    ),
    trustProxy: text(env, 'TRUST_PROXY') === 'true',
    files: loadFileStoreConfig((name, fallback, min) => integer(env, name, fallback, min)),
    documents: loadDocumentConfig((name, fallback, min) => integer(env, name, fallback, min)),
    nodeEnv,
    logLevel: text(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    sentryDsn: sentryDsn(env),
    metricsToken: metricsToken(env),
    drainDelaySeconds: integer(env, 'DRAIN_DELAY_SECONDS', 0, 0),
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 30, 1),
    databaseDeadlines: {
      acquireMs: integer(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', DEFAULT_DEADLINES.acquireMs, 100),
      statementMs: integer(
        env,
        'DATABASE_STATEMENT_TIMEOUT_MS',
        DEFAULT_DEADLINES.statementMs,
        100,
      ),
    },
  };
}
