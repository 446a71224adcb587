import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { ErrorCode } from '../schemas/api/common';
import type { AppConfig } from './config';
import type { AppDatabase } from './db/database';
import { contextPlugin } from './fastify/context';
import { errorHandlerPlugin, sendError } from './fastify/errorHandler';
import { inputGuardPlugin } from './fastify/inputGuard';
import { mailerPlugin } from './fastify/mailer';
import { maintenancePlugin } from './fastify/maintenance';
import { originCheckPlugin } from './fastify/originCheck';
import { securityPlugin } from './fastify/security';
import { sessionPlugin } from './fastify/session';
import { tenantPlugin } from './fastify/tenant';
import { buildSerializer } from './fastify/serializerCompiler';
import { buildValidator } from './fastify/validatorCompiler';
import { clientErrorRoutes } from './clientErrors/clientErrorRoutes';
import { analysisRoutes } from './routes/analysis';
import { loadAnalysisSettings } from './analysis/analysisSettings';
import { devOutboxRoutes } from './routes/dev/outbox';
import { documentRoutes } from './routes/documents';
import { dictionaryRoutes } from './routes/dictionaries';
import { fileRoutes } from './routes/files';
import { formRoutes } from './routes/forms';
import { integrationRoutes } from './routes/integration';
import { processDeploymentRoutes } from './routes/processDeployments';
import { recordRoutes } from './routes/records';
import { identityRoutes } from './routes/identity';
import { reportRoutes } from './routes/reports';
import { spaRoutes } from './routes/spa';
import { workflowRoutes } from './routes/tasks/workflowRoutes';
import { webhookRoutes } from './routes/webhooks';
import { taskEnginePlugin } from './workflow/taskEnginePlugin';
import { idempotencyPlugin } from './idempotency/idempotencyPlugin';
import { livePlugin } from './live/livePlugin';
import { liveRoutes } from './routes/live';
import { JobScheduler } from './engine';
import { projectPath } from './paths';
import { safeLoggerOptions } from './identity/safeLogging';
import { operatorPlugin } from './operator/operatorPlugin';
import { operatorRoutes } from './operator/operatorRoutes';

/** The default SPA build folder, next to server/ in the repository. */
export const DEFAULT_CLIENT_DIR = projectPath('dist', 'client');

/** What `buildApp` needs; the caller owns the database and closes it after the app. */
export interface BuildAppOptions {
  config: AppConfig;
  database: AppDatabase;
  /** Fastify's logger option; defaults to pino at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
  /** SPA build folder; default `dist/client`. */
  clientDir?: string;
  /**
   * The time the task lists cut their due-date windows (today, this week, overdue) from;
   * default the machine's. A test holds it still so its day cannot end under it.
   */
  clock?: () => Date;
  /**
   * Sees every route as it is added, with its method, URL and schemas: for tools that describe
   * or probe the whole API (scripts/fuzzRoutes.ts).
   */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the Fastify app: plugins first (errors, security headers and rate limit, the input
 * guard, cookies, tenant, maintenance, origin check, session, mailer), then routes. Every
 * hook that guards the API runs before any route handler, and routes added later by other
 * modules inherit them as long as they are registered here, after the plugins.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: safeLoggerOptions(options.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: { buildValidator, buildSerializer } },
    // A path parameter whose percent-escapes do not decode is refused by the router before
    // any hook; it gets the same answer as the input guard's.
    frameworkErrors: (error, _request, reply) =>
      sendError(reply, {
        statusCode: 400,
        code: error.code === 'FST_ERR_BAD_URL' ? ErrorCode.invalidText : ErrorCode.validation,
        message: error.message,
      }),
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // 1. Plugins, in dependency order (each declares what it needs).
  await app.register(contextPlugin, { config, database: options.database, clock: options.clock });
  await app.register(errorHandlerPlugin);
  // Metrics, readiness and the API's description: before the routes they measure and describe.
  await app.register(operatorPlugin);
  await app.register(securityPlugin, { rateLimitPerMinute: config.rateLimitPerMinute });
  await app.register(inputGuardPlugin);
  await app.register(cookie);
  await app.register(tenantPlugin);
  await app.register(maintenancePlugin);
  await app.register(originCheckPlugin);
  await app.register(sessionPlugin);
  await app.register(mailerPlugin);
  await app.register(taskEnginePlugin);
  // Expired answers of writes sent with an Idempotency-Key go, hourly.
  await app.register(idempotencyPlugin);
  // Live task events: one LISTEN per process, and the open streams it wakes.
  await app.register(livePlugin);
  // BPMN timers are rows in the database; each server process polls for due ones.
  const jobScheduler = new JobScheduler(app.engine, {
    onError: (error) => app.log.error({ err: error }, 'firing due process timers failed'),
  });
  app.addHook('onReady', async () => jobScheduler.start());
  app.addHook('onClose', async () => jobScheduler.stop());

  // 2. Routes.
  await app.register(operatorRoutes);
  await app.register(identityRoutes);
  await app.register(workflowRoutes);
  await app.register(liveRoutes);
  await app.register(formRoutes);
  await app.register(fileRoutes);
  await app.register(webhookRoutes);
  await app.register(reportRoutes);
  await app.register(recordRoutes);
  await app.register(dictionaryRoutes);
  await app.register(documentRoutes);
  await app.register(processDeploymentRoutes);
  await app.register(integrationRoutes);
  await app.register(analysisRoutes, { settings: loadAnalysisSettings() });
  await app.register(clientErrorRoutes);
  // Only `npm run dev` turns the outbox on; production refuses the flag at start-up already.
  if (config.devOutbox && config.nodeEnv !== 'production') await app.register(devOutboxRoutes);
  await app.register(spaRoutes, { clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR });

  return app;
}
