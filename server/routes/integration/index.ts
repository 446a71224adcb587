import type { FastifyPluginAsync } from 'fastify';
import { externalTaskRoutes } from './externalTaskRoutes';
import { integrationClientRoutes } from './integrationClientRoutes';
import { messageRoutes } from './messageRoutes';

/**
 * The integration API: outside systems' calls (bearer tokens of integration clients) and
 * administrators' management of those clients (sessions with access-admin), registered as
 * separate plugins so each one's auth hook covers its own calls only.
 */
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  await app.register(integrationClientRoutes);
  await app.register(messageRoutes);
  await app.register(externalTaskRoutes);
};
