import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { DictionaryPath, SystemDictionariesAnswer } from '../../../schemas/api/dictionaries';
import { listDictionaries } from '../../dictionaries/dictionaryRepository';
import { requireSession, sessionOf } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';

/**
 * `GET /api/systemDictionaries` (spec 001 section 7): the caller's tenant's dictionaries
 * with every entry, for any signed-in user (a task page's choices and a records list's
 * labels both read them). Another tenant's lists are never answered.
 */
export const dictionaryRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.get(
    DictionaryPath.list,
    {
      onRequest: requireSession,
      schema: {
        summary: 'The system dictionaries with their entries',
        querystring: NoQuery,
        response: { 200: SystemDictionariesAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ data: await listDictionaries(db, sessionOf(request).tenant) }),
  );
};
