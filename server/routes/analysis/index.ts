import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ANALYSIS_ACCOUNT_HEADER,
  ANALYSIS_CLIENT_ID,
  AnalysisChartQuery,
  AnalysisCheckAnswer,
  AnalysisConsentAnswer,
  AnalysisDataAnswer,
  AnalysisPath,
  AnalysisStatusAnswer,
  AnalysisTokenAnswer,
  AnalysisTokenBody,
  OAUTH_CALLBACK_PATH,
} from '../../../schemas/api/analysis';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import { ObjectParams, type ObjectDefinition } from '../../../schemas/api/records';
import { findAnalysisIdentity, keepAnalysisIdentity } from '../../analysis/analysisIdentities';
import type { AnalysisSettings } from '../../analysis/analysisSettings';
import { chartData } from '../../analysis/chartData';
import { isProviderAccount } from '../../analysis/providerAccount';
import { hasAnalysisConsent, recordAnalysisConsent } from '../../analysis/consents';
import { CHARTS_PAGE_CSS, renderChartsPage } from '../../analysis/renderChartsPage';
import { loadDictionarySet } from '../../dictionaries/dictionaryRepository';
import { labelOf } from '../../../src/core/forms/fields/dictionaries';
import { AppError } from '../../errors';
import { CONTENT_SECURITY_POLICY } from '../../fastify/security';
import { requirePrivilege, sessionOf } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { requireObjectDefinition } from '../../records/objectDefinitions';
import { errorResponses } from '../errorResponses';
import { exchangeCode, idpFor, idpRoutes } from './idpRoutes';

/** The charts page's CSP: the strict one, except that this origin may frame it. */
const FRAMEABLE_CSP = Object.entries({ ...CONTENT_SECURITY_POLICY, 'frame-ancestors': ["'self'"] })
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join('; ');

/** Options of the analysis routes. */
export interface AnalysisRouteOptions {
  settings: AnalysisSettings;
}

/**
 * The analysis tab's calls (spec 001 sections 4 and 7): the consent check, the external
 * sign-in's status and code exchange, and the demo's charts page with its figures. Every
 * call needs a full session with access-bo and reads only the caller's tenant; the charts
 * also need the external identity of this session (spec 001 section 6, enforced here).
 */
export const analysisRoutes: FastifyPluginAsync<AnalysisRouteOptions> = async (
  fastify,
  options,
) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  const builtin = options.settings.identityProvider === 'builtin';
  if (builtin) await app.register(idpRoutes);

  /** An object definition of the tenant that has an analysis report (404 otherwise). */
  const analysedDefinition = async (
    request: FastifyRequest,
    params: ObjectParams,
  ): Promise<ObjectDefinition> => {
    const definition = await requireObjectDefinition(
      db,
      request.actor.tenant,
      params.key,
      params.version,
    );
    if (!definition.externalAnalysisUrl) {
      throw new AppError(404, ErrorCode.notFound, 'This object has no analysis report.');
    }
    return definition;
  };

  /** True for an account of the provider's domain of the caller's tenant (spec 001 section 6). */
  const ofProviderDomain = (request: FastifyRequest, email: string): boolean =>
    isProviderAccount(email, options.settings.accountDomains[request.actor.tenant]);

  /**
   * The session's external identity; 403 without one, or with one of another domain than the
   * provider's, which counts as not signed in (it may have been kept before the domain was set).
   */
  const requireIdentity = async (request: FastifyRequest) => {
    const identity = await findAnalysisIdentity(db, sessionOf(request));
    if (!identity || !ofProviderDomain(request, identity.email)) {
      throw new AppError(403, ErrorCode.forbidden, 'Sign in to the analysis report first.');
    }
    return identity;
  };

  await app.register(async (scoped) => {
    const api = scoped.withTypeProvider<TypeBoxProvider>();
    api.addHook('onRequest', requirePrivilege(Privilege.accessBo));

    api.get(
      AnalysisPath.check.pattern,
      {
        schema: {
          summary: 'Whether the user accepted the analysis warning for a business object',
          params: ObjectParams,
          querystring: NoQuery,
          response: { 200: AnalysisCheckAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await analysedDefinition(request, request.params);
        const { tenant, userId } = request.actor;
        return { result: await hasAnalysisConsent(db, { tenant, userId, ...request.params }) };
      },
    );

    api.post(
      AnalysisPath.check.pattern,
      {
        schema: {
          summary: 'Records that the user accepted the analysis warning for a business object',
          params: ObjectParams,
          querystring: NoQuery,
          response: { 200: AnalysisConsentAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await analysedDefinition(request, request.params);
        const { tenant, userId } = request.actor;
        await recordAnalysisConsent(db, { tenant, userId, ...request.params });
        return { reportAnalysisCheck: true };
      },
    );

    api.get(
      AnalysisPath.status,
      {
        schema: {
          summary: 'Whether the user is signed in to the analysis tab',
          querystring: NoQuery,
          response: { 200: AnalysisStatusAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        if (!builtin) throw new AppError(404, ErrorCode.notFound, 'No analysis sign-in here.');
        const identity = await findAnalysisIdentity(db, sessionOf(request));
        const { issuer } = idpFor(request);
        // Only an account of the provider's domain is named: without the header the answer
        // says "not signed in" (spec 001 sections 6 and 7).
        if (identity && identity.issuer === issuer && ofProviderDomain(request, identity.email)) {
          reply.header(ANALYSIS_ACCOUNT_HEADER, identity.email);
        }
        return { authorizationEndpoint: `${issuer}/auth`, clientId: ANALYSIS_CLIENT_ID, issuer };
      },
    );

    api.post(
      AnalysisPath.token,
      {
        schema: {
          summary: "Exchanges the analysis sign-in's code for a token",
          querystring: NoQuery,
          body: AnalysisTokenBody,
          response: { 200: AnalysisTokenAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        if (!builtin) throw new AppError(404, ErrorCode.notFound, 'No analysis sign-in here.');
        const session = sessionOf(request);
        const identity = await exchangeCode(app, request, {
          ...request.body,
          redirectUri: `${request.protocol}://${request.host}${OAUTH_CALLBACK_PATH}`,
        });
        // The identity provider's own session may still name whoever used this browser
        // before: only the signed-in staff member's own identity is kept.
        if (identity.subject !== session.user.id) {
          throw new AppError(
            403,
            ErrorCode.forbidden,
            'The analysis account is not the one of the signed-in user.',
          );
        }
        // An account of another domain is not signed in with the provider: nothing is kept.
        if (!ofProviderDomain(request, identity.email)) {
          throw new AppError(
            403,
            ErrorCode.forbidden,
            "The analysis account is not of the identity provider's domain.",
          );
        }
        await keepAnalysisIdentity(db, session, identity);
        reply.header(ANALYSIS_ACCOUNT_HEADER, identity.email);
        return { email: identity.email };
      },
    );

    api.get(
      AnalysisPath.data.pattern,
      {
        schema: {
          summary: 'The data of an analysis of a business object',
          params: ObjectParams,
          querystring: AnalysisChartQuery,
          response: { 200: AnalysisDataAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await requireIdentity(request);
        const definition = await analysedDefinition(request, request.params);
        return { result: await chartData(db, request.actor.tenant, definition, request.query) };
      },
    );

    api.get(
      AnalysisPath.report.pattern,
      {
        schema: {
          summary: 'The page of an analysis report (framed in the records screen)',
          params: ObjectParams,
          querystring: AnalysisChartQuery,
          response: {
            200: Type.String({ description: 'The charts page (HTML).' }),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        await requireIdentity(request);
        const definition = await analysedDefinition(request, request.params);
        const { status, amount, date, lang } = request.query;
        const data = await chartData(db, request.actor.tenant, definition, request.query);
        // A status field that stores a dictionary's codes is charted by their labels.
        const dictionary = definition.fields.find((field) => field.key === status)?.dictionary;
        const dictionaries = dictionary
          ? await loadDictionarySet(db, request.actor.tenant)
          : undefined;
        const html = renderChartsPage({
          definition,
          fields: { status, amount, date },
          data,
          language: lang ?? 'en',
          stylesheet: AnalysisPath.stylesheet,
          ...(dictionary && dictionaries
            ? {
                statusLabel: (value: string) =>
                  labelOf(dictionaries.get(dictionary), value, lang ?? 'en'),
              }
            : {}),
        });
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', FRAMEABLE_CSP)
          .send(html);
      },
    );

    api.get(
      AnalysisPath.stylesheet,
      {
        schema: {
          summary: 'The stylesheet of the analysis report pages',
          querystring: NoQuery,
          response: {
            200: Type.String({ description: 'The charts page stylesheet.' }),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (_request, reply) => reply.type('text/css; charset=utf-8').send(CHARTS_PAGE_CSS),
    );
  });
};
