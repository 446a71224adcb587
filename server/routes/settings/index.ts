import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import { UserPath, UserSettingsAnswer, UserSettingsPatch } from '../../../schemas/api/users';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { patchUserSettings, readUserSettings } from '../../workflow/userSettings';
import { errorResponses } from '../errorResponses';

/** One's own UI settings: `GET` the object, `PATCH` to merge keys into it. Needs access-task. */
export const settingsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));

  app.get(
    UserPath.settings,
    {
      schema: {
        summary: "The signed-in user's settings",
        querystring: NoQuery,
        response: { 200: UserSettingsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: await readUserSettings(db, request.actor) }),
  );

  app.patch(
    UserPath.settings,
    {
      schema: {
        summary: "Changes the signed-in user's settings",
        querystring: NoQuery,
        body: UserSettingsPatch,
        response: { 200: UserSettingsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await patchUserSettings(db, request.actor, request.body),
    }),
  );
};
