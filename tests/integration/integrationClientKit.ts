import { readFile } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { identityClient, type IdentityClient } from './identityClient';

const fixtures = new URL('../../fixtures/bpmn-conformance/', import.meta.url);

/** The server the integration API's tests call, with the callers they call it as. */
export interface IntegrationClientKit {
  readonly server: TestServer;
  /** Priya, signed in: an administrator (access-admin), who makes clients and retries. */
  readonly priya: IdentityClient;
  /** Lucas, signed in: a loan officer without access-admin. */
  readonly lucas: IdentityClient;
  /** A caller with no cookie at all, as an outside system is. */
  readonly outside: IdentityClient;
  /**
   * POSTs `body` to `url` with `token` as its bearer token (no Authorization header when
   * null), as `client`: the outside caller unless another is given.
   */
  bearerPost(
    url: string,
    body: unknown,
    token: string | null,
    client?: IdentityClient,
  ): Promise<LightMyRequestResponse>;
  /** The open tasks of an instance in the internal tenant: their names or step ids, sorted. */
  openTasks(instanceId: string, column: 'name' | 'element_id'): Promise<string[]>;
}

/**
 * Starts a server for the tests of one file, signs its callers in and deploys the
 * `fixtures/bpmn-conformance/` files named in the internal tenant; stops it after the last
 * test. The file's own `beforeAll` hooks run after this one, so they can use the kit.
 */
export function useIntegrationClientKit(...fixtureFiles: string[]): IntegrationClientKit {
  let started: Omit<IntegrationClientKit, 'bearerPost' | 'openTasks'> | undefined;
  beforeAll(async () => {
    const server = await startTestServer();
    started = {
      server,
      priya: await signIn(server, EMAIL.pnair),
      lucas: await signIn(server, EMAIL.lmartin),
      outside: identityClient(server),
    };
    for (const file of fixtureFiles) {
      await server.app.engine.deploy('internal', await readFile(new URL(file, fixtures), 'utf8'));
    }
  }, 300_000);
  afterAll(async () => {
    await started?.server.close();
  });
  const ready = () => {
    if (started === undefined) throw new Error('the kit is used outside a test');
    return started;
  };
  return {
    get server() {
      return ready().server;
    },
    get priya() {
      return ready().priya;
    },
    get lucas() {
      return ready().lucas;
    },
    get outside() {
      return ready().outside;
    },
    bearerPost(url, body, token, client = ready().outside) {
      return client.request({
        method: 'POST',
        url,
        body,
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
      });
    },
    async openTasks(instanceId, column) {
      const rows = await ready()
        .server.database.db.selectFrom('tasks')
        .select(column)
        .where('instance_id', '=', instanceId)
        .where('state', '=', 'open')
        .execute();
      return rows.map((row) => row[column]).sort();
    },
  };
}
