import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import {
  FormRoute,
  PREVIEW_BODY_LIMIT,
  PREVIEW_REFS_MAX,
  PreviewAnswer,
  PreviewBody,
} from '../../../schemas/api/forms';
import { Privilege } from '../../../schemas/api/identity';
import { detectFormKind, listCombinedRefs } from '../../../src/core/forms/compiler';
import { bindDictionaryOptions, loadDictionarySet } from '../../dictionaries';
import { AppError } from '../../errors';
import { formRepositoryFor } from '../../forms/formRepository';
import { requirePrivilege, sessionOf } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';
import { compileForm } from '../../../plugins/compiler';

/**
 * The author preview's compile call (access-test): a definition of any format, pasted or
 * picked, compiled with the same compiler the task page and the saves use, a combined
 * task's `{ ref }` forms resolved against the caller's tenant. The browser cannot run the
 * format schemas itself (their validators are generated code, which the CSP forbids), and
 * only the server can read the tenant's stored forms. Nothing is stored.
 */
export const previewRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repository = formRepositoryFor(app.database.db);

  app.post(
    FormRoute.preview,
    {
      onRequest: requirePrivilege(Privilege.accessTest),
      bodyLimit: PREVIEW_BODY_LIMIT,
      schema: {
        summary: 'Compiles a form definition for preview (access-test)',
        querystring: NoQuery,
        body: PreviewBody,
        response: { 200: PreviewAnswer, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply): Promise<PreviewAnswer> => {
      const { definition } = request.body;
      const { tenant } = sessionOf(request);
      // 1. The format, from the id prefix, as the task page reads a formKey.
      const kind = detectFormKind(definition);
      // 2. A combined task's references: the latest stored version of each, this tenant's only.
      const refIds = kind === 'combined' ? listCombinedRefs(definition) : [];
      if (refIds.length > PREVIEW_REFS_MAX) {
        throw new AppError(
          400,
          ErrorCode.validation,
          `A combined task may name at most ${PREVIEW_REFS_MAX} forms.`,
        );
      }
      // The tenant's dictionaries: the names fields may use, and the choices they bind.
      const [stored, dictionaries] = await Promise.all([
        repository.latestOf(tenant, refIds),
        loadDictionarySet(app.database.db, tenant),
      ]);
      // 3. Compile; size limits and schema failures come back as errors, slips (a dictionary
      //    the tenant lacks) as warnings; dictionary fields show the tenant's entries.
      //    The compiler refuses more than MAX_FORM_FIELDS fields before doing any real work,
      //    which bounds how long this holds the event loop.
      const result = compileForm(definition, {
        kind,
        resolveForm: (ref) => stored.get(ref)?.definition,
        dictionaries: [...dictionaries.keys()],
      });
      // 4. Other requests get a turn before the answer is written.
      await new Promise((resolve) => setImmediate(resolve));
      // 5. The answer is our own compiled form, already in the shape of `PreviewAnswer`;
      //    plain JSON writes a 5,000-field form ten times faster than the schema serializer.
      reply.serializer(JSON.stringify);
      return {
        kind,
        form: result.form && bindDictionaryOptions(result.form, dictionaries),
        warnings: [...result.warnings],
        errors: [...result.errors],
        refs: refIds.map((ref) => {
          const found = stored.get(ref);
          return { ref, resolved: found !== undefined, version: found?.version ?? null };
        }),
      };
    },
  );
};
