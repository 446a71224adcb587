import { describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { identityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';

describe("the tenant's Autofill switch", () => {
  const suite = setUpTestServer();

  it('given the demo tenants, when reading system settings, then internal has it on and acme off', async () => {
    const internal = await identityClient(suite.server).request({
      url: IdentityPath.systemSettings,
    });
    const acme = await identityClient(suite.server, 'acme').request({
      url: IdentityPath.systemSettings,
    });

    expect(internal.statusCode).toBe(200);
    expect(internal.json()).toEqual({ tenant: 'internal', maintenance: false, autofill: true });
    expect(acme.json()).toMatchObject({ tenant: 'acme', autofill: false });
  });

  it('given one tenant turns it on, when reading, then only that tenant sees it on', async () => {
    const { db } = suite.server.database;
    await db.updateTable('tenants').set({ autofill: true }).where('name', '=', 'acme').execute();
    await db
      .updateTable('tenants')
      .set({ autofill: false })
      .where('name', '=', 'internal')
      .execute();
    try {
      const acme = await identityClient(suite.server, 'acme').request({
        url: IdentityPath.systemSettings,
      });
      const internal = await identityClient(suite.server).request({
        url: IdentityPath.systemSettings,
      });

      expect(acme.json()).toMatchObject({ autofill: true });
      expect(internal.json()).toMatchObject({ autofill: false });
    } finally {
      await db.updateTable('tenants').set({ autofill: false }).where('name', '=', 'acme').execute();
      await db
        .updateTable('tenants')
        .set({ autofill: true })
        .where('name', '=', 'internal')
        .execute();
    }
  });
});
