import type { FastifyPluginAsync } from 'fastify';
import { Privilege } from '../../../schemas/api/identity';
import { requirePrivilege } from '../../fastify/session';
import { definitionRoutes } from './definitionRoutes';
import { previewRoutes } from './previewRoutes';
import { taskFormRoutes } from './taskFormRoutes';

/**
 * Every route of `FormPath` (schemas/api/forms.ts). Each needs a full session with
 * access-task, checked before the body is read; the author preview's calls also need
 * access-test.
 */
export const formRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));
  await app.register(taskFormRoutes);
  await app.register(definitionRoutes);
  await app.register(previewRoutes);
};
