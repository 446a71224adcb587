import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import {
  ANALYSIS_CLIENT_ID,
  AnalysisPath,
  OAUTH_CALLBACK_PATH,
} from '../../schemas/api/analysisConstants';
import type { DatabaseSchema } from '../db/schema';
import { escapeHtml } from '../html';
import { idpAdapterClass } from './idpAdapter';

/** Where the provider's interactions (the staff check) are answered. */
export const IDP_INTERACTION_PREFIX = `${AnalysisPath.idp}/interaction/`;

/** What every tenant's provider shares: the signing key and the cookie keys of this process. */
interface ProviderSecrets {
  jwk: Record<string, unknown>;
  cookieKeys: string[];
}

let secrets: ProviderSecrets | undefined;

/**
 * The signing key is made at start-up: tokens never leave the server (the code is exchanged
 * in-process), so no other party needs to verify them. The cookie keys come from
 * ANALYSIS_IDP_COOKIE_KEY when several processes share the sign-ins.
 */
function providerSecrets(): ProviderSecrets {
  if (!secrets) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' };
    const shared = process.env.ANALYSIS_IDP_COOKIE_KEY?.trim();
    secrets = { jwk, cookieKeys: [shared || randomBytes(32).toString('base64url')] };
  }
  return secrets;
}

/** One tenant origin's identity provider. */
export interface TenantIdp {
  provider: Provider;
  issuer: string;
}

/** What a provider is built from. */
export interface IdpOptions {
  db: Kysely<DatabaseSchema>;
  /** The tenant whose staff it signs in. */
  tenant: string;
  /** The tenant's origin (`http://acme.localhost:8080`). */
  origin: string;
  trustProxy: boolean;
}

/**
 * An OpenID Connect provider for one tenant origin, issuing identities to that tenant's
 * staff only. Its one client is the records screen (public, PKCE S256 required, the
 * callback on the same origin); consent is implied for that first-party client, and
 * login is answered by the Tessera session (see routes/analysis/idpRoutes.ts).
 */
export function createTenantIdp(options: IdpOptions): TenantIdp {
  const { db, tenant, origin } = options;
  const issuer = `${origin}${AnalysisPath.idp}`;
  const { jwk, cookieKeys } = providerSecrets();
  const configuration: Configuration = {
    adapter: idpAdapterClass(db),
    clients: [
      {
        client_id: ANALYSIS_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${origin}${OAUTH_CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email'],
    // The server reads the email from the id token it exchanged itself; no userinfo call.
    conformIdTokenClaims: false,
    cookies: { keys: cookieKeys },
    jwks: { keys: [jwk as never] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    interactions: { url: (_ctx, interaction) => `${IDP_INTERACTION_PREFIX}${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('tenant', '=', tenant)
        .where('id', '=', sub)
        .executeTakeFirst();
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({ sub: user.id, email: user.email, email_verified: true }),
      };
    },
    // The records screen is this server's own client: its grant is implied, no consent page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body =
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title>` +
        `</head><body><main><h1>Sign-in error</h1><p>${escapeHtml(String(out.error))}: ` +
        `${escapeHtml(String(out.error_description ?? ''))}</p></main></body></html>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = options.trustProxy;
  return { provider, issuer };
}
