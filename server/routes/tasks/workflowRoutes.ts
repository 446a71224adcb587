import type { FastifyPluginAsync } from 'fastify';
import { commentRoutes } from '../comments';
import { directoryRoutes } from '../directory';
import { notificationRoutes } from '../notifications';
import { processRoutes } from '../processes';
import { settingsRoutes } from '../settings';
import { userRoutes } from '../users';
import { taskRoutes } from './index';

/**
 * Every route of the tasks area: tasks, processes, notifications, comments, users, the
 * directory of the form pickers, settings.
 */
export const workflowRoutes: FastifyPluginAsync = async (app) => {
  await app.register(taskRoutes);
  await app.register(processRoutes);
  await app.register(notificationRoutes);
  await app.register(commentRoutes);
  await app.register(userRoutes);
  await app.register(directoryRoutes);
  await app.register(settingsRoutes);
};
