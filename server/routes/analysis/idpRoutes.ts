import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ANALYSIS_CLIENT_ID, AnalysisPath } from '../../../schemas/api/analysis';
import { ErrorCode } from '../../../schemas/api/common';
import { errorResponses } from '../errorResponses';
import { Privilege } from '../../../schemas/api/identity';
import {
  createTenantIdp,
  IDP_INTERACTION_PREFIX,
  type TenantIdp,
} from '../../analysis/identityProvider';
import { AppError } from '../../errors';
import { idpRefusalPage } from '../../analysis/idpRefusalPage';
import type { TypeBoxProvider } from '../../fastify/typeProvider';

/** Providers by tenant origin; a handful of tenants, so a small bound is plenty. */
const providers = new Map<string, TenantIdp & { tenant: string }>();
const MAX_PROVIDERS = 64;

/** The identity provider of the request's tenant origin, made on first use. */
export function idpFor(request: FastifyRequest): TenantIdp {
  const origin = `${request.protocol}://${request.host}`;
  const tenant = request.tenant.name;
  const known = providers.get(origin);
  if (known && known.tenant === tenant) return known;
  if (providers.size >= MAX_PROVIDERS) {
    const oldest = providers.keys().next().value;
    if (oldest !== undefined) providers.delete(oldest);
  }
  const made = createTenantIdp({
    db: request.server.database.db,
    tenant,
    origin,
    trustProxy: request.server.config.trustProxy,
  });
  made.provider.on('server_error', (_ctx, error) => request.server.log.error(error));
  providers.set(origin, { ...made, tenant });
  return made;
}

/** The identity an authorization code stood for. */
export interface ExchangedIdentity {
  subject: string;
  email: string;
  issuer: string;
}

/** The claims of a JWT's payload (the id token came straight from the token endpoint). */
function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * Exchanges an authorization code with its PKCE verifier at the tenant's own token endpoint,
 * inside this process (no network hop, so the answer cannot be tampered with on the way),
 * and reads the identity from the id token. A wrong verifier, a used or foreign code: 400.
 */
export async function exchangeCode(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { code: string; codeVerifier: string; redirectUri: string },
): Promise<ExchangedIdentity> {
  const { issuer } = idpFor(request);
  const response = await app.inject({
    method: 'POST',
    url: `${AnalysisPath.idp}/token`,
    headers: {
      host: request.host,
      'content-type': 'application/x-www-form-urlencoded',
      ...(request.protocol === 'https' ? { 'x-forwarded-proto': 'https' } : {}),
    },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.codeVerifier,
      redirect_uri: input.redirectUri,
      client_id: ANALYSIS_CLIENT_ID,
    }).toString(),
  });
  const refuse = () =>
    new AppError(400, ErrorCode.validation, 'The sign-in code was refused.', {
      details: [{ path: 'body/code', code: 'analysis.codeRefused', params: {} }],
    });
  if (response.statusCode !== 200) throw refuse();
  const idToken = response.json<{ id_token?: string }>().id_token;
  if (!idToken) throw refuse();
  const claims = jwtClaims(idToken);
  const expires = typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
  if (
    claims.iss !== issuer ||
    claims.aud !== ANALYSIS_CLIENT_ID ||
    typeof claims.sub !== 'string' ||
    typeof claims.email !== 'string' ||
    expires < Date.now()
  ) {
    throw refuse();
  }
  return { subject: claims.sub, email: claims.email, issuer };
}

/**
 * The built-in identity provider under `AnalysisPath.idp` (so tenant, maintenance, origin and
 * session checks apply as for any API call). Its login step is answered by the Tessera
 * session: a signed-in staff member with access-bo is signed in as themselves, anyone else
 * is refused. There is no password form: the provider only vouches for Tessera's own staff.
 */
export const idpRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  // The provider reads form bodies itself: leave the stream unread.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
    done(null, undefined),
  );

  app.get(
    `${IDP_INTERACTION_PREFIX}:uid`,
    {
      schema: {
        summary: 'Finishes the analysis sign-in for a signed-in Tessera user (HTML)',
        params: Type.Object({ uid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) }),
        response: {
          ...errorResponses(400),
          200: Type.Unknown({ description: 'A redirect back to the provider.' }),
          401: Type.String({ description: 'Not signed in to Tessera (HTML).' }),
          403: Type.String({ description: 'Without access-bo (HTML).' }),
        },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session || session.kind !== 'full') {
        return reply
          .code(401)
          .type('text/html; charset=utf-8')
          .send(idpRefusalPage('notSignedIn', request.headers['accept-language']));
      }
      if (!session.user.privileges.includes(Privilege.accessBo)) {
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(idpRefusalPage('notAllowed', request.headers['accept-language']));
      }
      const { provider } = idpFor(request);
      // The provider checks the interaction cookie against the uid and answers with a redirect.
      reply.hijack();
      try {
        await provider.interactionDetails(request.raw, reply.raw);
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: session.user.id } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        // The provider's own name for the refusal is enough; its stack would only fill the log.
        const reason = error instanceof Error ? error.name : 'unknown';
        request.log.warn({ reason }, 'analysis sign-in interaction refused');
        reply.raw.statusCode = 400;
        reply.raw.setHeader('content-type', 'text/html; charset=utf-8');
        reply.raw.end(idpRefusalPage('expired', request.headers['accept-language']));
      }
      return reply;
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: `${AnalysisPath.idp}/*`,
    schema: {
      summary: "The analysis identity provider's own OpenID Connect endpoints",
      // Its protocol is OpenID Connect's, described by its own discovery document.
      hide: true,
      response: { 200: Type.Unknown({ description: 'The identity provider answers itself.' }) },
    },
    handler: async (request, reply) => {
      const { provider } = idpFor(request);
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const original = raw.url ?? request.url;
      raw.originalUrl = original;
      raw.url = original.slice(AnalysisPath.idp.length) || '/';
      reply.hijack();
      provider.callback()(raw, reply.raw);
      return reply;
    },
  });
};
