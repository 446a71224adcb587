import type { FastifyPluginAsync } from 'fastify';
import { HashingQueue } from '../../identity/hashingQueue';
import { registerQueue } from '../../workers/queueRegistry';
import { loginRoute } from './login';
import { passwordRoutes } from './password';
import { resetRoutes } from './reset';
import { sessionRoutes } from './session';
import { systemRoutes } from './system';

/** Every `/identity/*` route of `IdentityPath` (schemas/api/identity.ts). */
export const identityRoutes: FastifyPluginAsync = async (app) => {
  // One queue for every password hash of this process: sign-in, change and reset share the CPU.
  const hashing = new HashingQueue(app.config.hashingSlots);
  registerQueue('password_hashes', hashing);
  await app.register(loginRoute, { hashing });
  await app.register(sessionRoutes);
  await app.register(passwordRoutes, { hashing });
  await app.register(resetRoutes, { hashing });
  await app.register(systemRoutes);
};
