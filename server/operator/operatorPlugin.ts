import { definePlugin } from '../fastify/definePlugin';
import { createAppMetrics, type AppMetrics } from './appMetrics';
import { openApiPlugin } from './openApiPlugin';
import { readinessCheck, type NotReadyReason } from './readiness';

/** The operator's view of the app: draining, readiness, metrics. */
export interface OperatorState {
  /** True from the start of a drain (SIGTERM) on. */
  readonly draining: boolean;
  /** `/readyz` answers 503 from now on. */
  startDraining(): void;
  /** Why the database side is not ready, or null (see readiness.ts). */
  checkReadiness(): Promise<Exclude<NotReadyReason, 'draining'>>;
  /** The metrics; undefined while METRICS_TOKEN is not set (nothing is measured then). */
  readonly metrics: AppMetrics | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Draining, readiness and metrics (server/operator). */
    operator: OperatorState;
  }
}

/**
 * What the operator's routes (operatorRoutes.ts) stand on: the draining flag, the readiness
 * check, the metrics and their request-duration hook, and the OpenAPI collector. Registered
 * before every route, so each is measured and described.
 */
export const operatorPlugin = definePlugin(
  'tessera-operator',
  async (app) => {
    let draining = false;
    const metrics = app.config.metricsToken
      ? createAppMetrics(app.database, () => draining)
      : undefined;
    const checkReadiness = readinessCheck(app.database);
    app.decorate<OperatorState>('operator', {
      get draining() {
        return draining;
      },
      startDraining() {
        draining = true;
      },
      checkReadiness,
      metrics,
    });

    if (metrics) {
      app.addHook('onResponse', async (request, reply) => {
        // The pattern the router matched (`/api/forms/:formId`): bounded, and no ids in labels.
        const route = request.routeOptions.url ?? 'unmatched';
        metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      });
      app.addHook('onClose', async () => metrics.stop());
    }
    await app.register(openApiPlugin);
  },
  ['tessera-database'],
);
