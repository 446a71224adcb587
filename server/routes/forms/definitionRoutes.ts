import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import {
  FormDefinitionAnswer,
  FormIdParams,
  FormListAnswer,
  FormRoute,
  FormVersionParams,
} from '../../../schemas/api/forms';
import { Privilege } from '../../../schemas/api/identity';
import { DESIGNER_PREFIX } from '../../../schemas/forms';
import { AppError } from '../../errors';
import { formRepositoryFor } from '../../forms/formRepository';
import type { StoredForm } from '../../forms/storedForm';
import { toDefinitionAnswer } from '../../forms/taskForms';
import { requirePrivilege, sessionOf } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';

function found(stored: StoredForm | undefined): FormDefinitionAnswer {
  if (!stored) throw new AppError(404, ErrorCode.notFound, 'There is no such form.');
  return toDefinitionAnswer(stored);
}

/**
 * Stored form definitions of the caller's tenant: one version by id, the latest designer
 * form by id, and, for form authors (access-test), the list and the latest of any form.
 * The parent plugin requires access-task.
 */
export const definitionRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repository = formRepositoryFor(app.database.db);
  const authorsOnly = requirePrivilege(Privilege.accessTest);

  app.get(
    FormRoute.formVersion,
    {
      schema: {
        summary: 'One version of a stored form definition',
        params: FormVersionParams,
        querystring: NoQuery,
        response: { 200: FormDefinitionAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { formId, version } = request.params;
      return found(await repository.version(sessionOf(request).tenant, formId, version));
    },
  );

  app.get(
    FormRoute.designerForm,
    {
      schema: {
        summary: 'A designer-built form by its id',
        params: FormIdParams,
        querystring: NoQuery,
        response: { 200: FormDefinitionAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { formId } = request.params;
      // Only designer-built forms are served here; the prefix is what makes one.
      if (!formId.startsWith(DESIGNER_PREFIX)) return found(undefined);
      return found(await repository.latest(sessionOf(request).tenant, formId));
    },
  );

  app.get(
    FormRoute.list,
    {
      onRequest: authorsOnly,
      schema: {
        summary: 'The stored form definitions',
        querystring: NoQuery,
        response: { 200: FormListAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await repository.list(sessionOf(request).tenant);
      return { size: data.length, data };
    },
  );

  app.get(
    FormRoute.form,
    {
      onRequest: authorsOnly,
      schema: {
        summary: 'The newest version of a stored form definition',
        params: FormIdParams,
        querystring: NoQuery,
        response: { 200: FormDefinitionAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      found(await repository.latest(sessionOf(request).tenant, request.params.formId)),
  );
};
