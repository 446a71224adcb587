// The parts of oidc-provider (which ships no types) that the analysis sign-in uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** A grant of scopes to a client for an account. */
  export interface Grant {
    jti: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  /** The request context the provider's callbacks receive. */
  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      provider: Provider;
    };
  }

  /** A stored model's adapter (see idpAdapter.ts). */
  export type AdapterConstructor = new (model: string) => unknown;

  /** An account as `findAccount` answers it. */
  export interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  /** The configuration keys used here. */
  export interface Configuration {
    adapter: AdapterConstructor;
    clients: Record<string, unknown>[];
    claims: Record<string, string[]>;
    scopes: string[];
    conformIdTokenClaims: boolean;
    cookies: { keys: string[] };
    jwks: { keys: Record<string, unknown>[] };
    features: Record<string, { enabled: boolean }>;
    pkce: { required: () => boolean };
    ttl: Record<string, number>;
    interactions: { url(ctx: KoaContextWithOIDC, interaction: { uid: string }): string };
    findAccount(ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined>;
    loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined>;
    renderError(
      ctx: KoaContextWithOIDC,
      out: { error: string; error_description?: string },
      error: unknown,
    ): Promise<void>;
  }

  /** What an interaction is about. */
  export interface InteractionDetails {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }

  /** An OpenID Connect provider (a Koa application). */
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    Grant: {
      new (input: { clientId: string; accountId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(
      request: IncomingMessage,
      response: ServerResponse,
    ): Promise<InteractionDetails>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
