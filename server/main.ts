import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { createDatabase } from './db/database';
import { FolderLockedError } from './db/lockFile';
import { seedFormDefinitions } from './forms/seedFormDefinitions';
import { migrate } from './db/migrate';
import { keepPlannerStatistics } from './db/plannerStatistics';
import { drainAndClose } from './operator/draining';
import { answerMetricsCollection, reportListening, runPrimary } from './operator/processCluster';
import { whileStartingAlone } from './db/startupLock';
import { publicBaseUrl } from './identity/publicUrl';
import { seedDemoRecords } from './seed/demoRecords';
import { seedDemoDocumentTemplates } from './seed/demoDocumentTemplates';
import { seedDemoWorkload } from './seed/demoWorkload';
import { unsupportedRuntimeNotice } from './operator/runtimeSupport';
import { demoSignIns } from './seed/identityFixtures';
import { seedIdentity } from './seed/seedIdentity';

/** Prints where to go and how to sign in, for the person who just ran `npm start`. */
function printWelcome(port: number, template: string, seeded: boolean): void {
  const origin = (tenant: string) => publicBaseUrl({ template, tenant, baseUrl: null, port });
  const signIns = demoSignIns();
  const width = Math.max(...signIns.map((s) => s.email.length));
  const lines = [
    '',
    `  Tessera is running at ${origin('internal')}`,
    `  Second tenant (acme):  ${origin('acme')}`,
    seeded ? '  Demo data was created on this first start.' : '',
    '',
    `  Demo sign-ins (password ${signIns[0]?.password ?? ''}):`,
    ...signIns.map(
      (s) =>
        `    ${s.email.padEnd(width)}  ${s.tenant === 'internal' ? '' : `[${s.tenant}] `}${s.role}`,
    ),
    '',
  ].filter((line, index, all) => line !== '' || all[index - 1] !== '');
  const runtime = unsupportedRuntimeNotice();
  if (runtime) lines.push(`  ${runtime}`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** One server process: the whole server, or one of TESSERA_PROCESSES workers. */
async function serve(config: AppConfig): Promise<void> {
  const database = await createDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    deadlines: config.databaseDeadlines,
  });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  let stopStatistics = () => {};
  // SIGTERM (a deploy, an orchestrator) drains: /readyz answers 503 for DRAIN_DELAY_SECONDS so
  // the load balancer stops sending, then the listener closes and requests in flight finish
  // (SHUTDOWN_TIMEOUT_SECONDS at most). SIGINT (Ctrl+C at a terminal) skips the delay.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    let code = 0;
    try {
      if (app) {
        const report = await drainAndClose(app, {
          delayMs: signal === 'SIGTERM' ? config.drainDelaySeconds * 1000 : 0,
          timeoutMs: config.shutdownTimeoutSeconds * 1000,
        });
        if (!report.finished) code = 1;
      }
    } catch (error) {
      code = 1;
      app?.log.error({ err: error }, 'shutdown failed');
    } finally {
      stopStatistics();
      await database.close();
    }
    process.exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    // Other processes may be starting on the same PostgreSQL (the workers of this server,
    // other servers): the first migrates and seeds, the others wait and find it done.
    // Waiting for another starter's migrations and seeds, and doing them, may take longer
    // than a call may wait for a statement.
    const seed = await database.withoutStatementDeadline(() =>
      whileStartingAlone(database, async () => {
        await migrate(database.db);
        const identity = await seedIdentity(database.db, config.passwordHashing);
        const forms = await seedFormDefinitions(database.db);
        await seedDemoDocumentTemplates(database.db);
        await seedDemoRecords(database.db);
        app = await buildApp({ config, database });
        if (forms.refused.length > 0) {
          app.log.warn({ files: forms.refused.map((file) => file.file) }, 'form fixtures refused');
        }
        // After buildApp, so service handlers registered by its plugins are known at deploy.
        const workload = await seedDemoWorkload(database.db);
        if (workload.refused.length > 0) {
          app.log.warn(
            { files: workload.refused },
            'process fixtures refused; see the engine README',
          );
        }
        return identity;
      }),
    );
    if (!app) throw new Error('the app was not built');
    stopStatistics = await keepPlannerStatistics(database, (error) =>
      app?.log.error({ err: error }, 'gathering the database statistics failed'),
    );
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    if (cluster.isWorker) {
      const metrics = app.operator.metrics;
      if (metrics) answerMetricsCollection(() => metrics.snapshot());
      reportListening(port, seed.seeded);
    } else printWelcome(port, config.publicUrlTemplate, seed.seeded);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close();
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.processes === 1 || cluster.isWorker) return serve(config);
  runPrimary({
    processes: config.processes,
    // The analysis sign-in's cookies are sealed with this key: a sign-in started by one
    // worker is finished by whichever the next request reaches, so they share one.
    workerEnv: {
      ANALYSIS_IDP_COOKIE_KEY:
        process.env.ANALYSIS_IDP_COOKIE_KEY?.trim() || randomBytes(32).toString('base64url'),
    },
    onAllListening: (port, seeded) => {
      printWelcome(port, config.publicUrlTemplate, seeded);
      process.stdout.write(`  ${config.processes} processes serve this port.\n\n`);
    },
    // A JSON line like the workers' own (pino's shape), so one log reader takes both.
    log: (msg) =>
      process.stdout.write(
        `${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg })}\n`,
      ),
  });
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof FolderLockedError;
  process.stderr.write(
    `Tessera could not start: ${known ? (error as Error).message : String(error)}\n`,
  );
  if (!known && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
