import type { FastifyPluginAsync } from 'fastify';
import { loginRoute } from './login';
import { passwordRoutes } from './password';
import { resetRoutes } from './reset';
import { sessionRoutes } from './session';
import { systemRoutes } from './system';

/** Every `/identity/*` route of `IdentityPath` (schemas/api/identity.ts). */
export const identityRoutes: FastifyPluginAsync = async (app) => {
  await app.register(loginRoute);
  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(resetRoutes);
  await app.register(systemRoutes);
};
