import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';
import type { TestServer } from '../../server/testing/startTestServer';

/** What a test sends; `body` is JSON. */
export interface TestRequest {
  method?: InjectOptions['method'];
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** A browser-like client of one tenant: keeps the session cookie between calls. */
export interface IdentityClient {
  /** The Host header this client sends. */
  host: string;
  /** The current session cookie value, if any. */
  cookie: string | undefined;
  request(request: TestRequest): Promise<LightMyRequestResponse>;
  /** Signs in with the demo password unless another is given. */
  login(email: string, password?: string): Promise<LightMyRequestResponse>;
}

/**
 * Makes a client that talks to `server.app` through `inject`, as a browser on the tenant's
 * host would: same Host on every call, the session cookie stored and sent back.
 */
export function identityClient(server: TestServer, tenant = 'internal'): IdentityClient {
  const host =
    tenant === 'internal' ? `localhost:${server.port}` : `${tenant}.localhost:${server.port}`;
  const client: IdentityClient = {
    host,
    cookie: undefined,
    async request({ method = 'GET', url, body, headers = {}, remoteAddress }) {
      const response = await server.app.inject({
        method,
        url,
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
        ...(remoteAddress ? { remoteAddress } : {}),
        headers: {
          host,
          ...(client.cookie ? { cookie: `${SESSION_COOKIE}=${client.cookie}` } : {}),
          ...headers,
        },
      });
      const set = response.cookies.find((c) => c.name === SESSION_COOKIE);
      if (set) client.cookie = set.value === '' ? undefined : set.value;
      return response;
    },
    login(email, password = DEMO_PASSWORD) {
      return client.request({ method: 'POST', url: '/identity/login', body: { email, password } });
    },
  };
  return client;
}
