import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../schemas/api/common';
import type { PasswordSettings } from '../../schemas/api/identity';
import { executePrepared } from '../db/preparingClient';
import { AppError } from '../errors';
import { isApiPath, isDevPath } from './apiPaths';
import { definePlugin } from './definePlugin';

/** The tenant a request belongs to, with the flags every request needs. */
export interface RequestTenant {
  name: string;
  displayName: string;
  /** Public origin for mailed links; null falls back to PUBLIC_URL_TEMPLATE. */
  baseUrl: string | null;
  passwordPolicy: PasswordSettings;
  /** This tenant is in maintenance. */
  maintenance: boolean;
  /** Every tenant is in maintenance. */
  globalMaintenance: boolean;
}

/** The tenant of a host without a tenant label (`localhost`, an IP address). */
export const DEFAULT_TENANT = 'internal';

/** The header the client sends with its own idea of the tenant (spec 000 section 7). */
export const TENANT_HEADER = 'x-tenant-name';

/**
 * The tenant named by a Host header: its first label when the name has several labels and
 * is not an IP address (`acme.localhost:8080` -> `acme`), otherwise `internal`.
 */
export function tenantFromHost(host: string | undefined): string {
  if (!host) return DEFAULT_TENANT;
  const trimmed = host.trim().toLowerCase();
  // A bracketed IPv6 literal, with or without a port.
  if (trimmed.startsWith('[')) return DEFAULT_TENANT;
  const name = (trimmed.split(':')[0] ?? '').replace(/\.$/, '');
  if (name === '' || isIP(name) !== 0) return DEFAULT_TENANT;
  const labels = name.split('.');
  return labels.length > 1 && labels[0] ? labels[0] : DEFAULT_TENANT;
}

const kTenant = Symbol('tenant');
type WithTenant = FastifyRequest & { [kTenant]?: RequestTenant };

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's tenant; resolved for /identity, /api and /dev calls only. */
    readonly tenant: RequestTenant;
  }
}

/**
 * Resolves the tenant of every API and dev request from its Host (X-Forwarded-Host behind a
 * trusted proxy), refuses an `x-tenant-name` that disagrees (400) and an unknown tenant
 * (404). The row is read on every request, not cached, so maintenance flags take effect at
 * once on every server process.
 */
export const tenantPlugin = definePlugin(
  'tessera-tenant',
  async (app) => {
    app.decorateRequest('tenant', {
      getter(this: FastifyRequest) {
        const tenant = (this as WithTenant)[kTenant];
        if (!tenant) throw new Error(`No tenant was resolved for ${this.method} ${this.url}.`);
        return tenant;
      },
    });

    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url) && !isDevPath(request.url)) return;
      const name = tenantFromHost(request.host);
      const claimed = request.headers[TENANT_HEADER];
      if (typeof claimed === 'string' && claimed.trim().toLowerCase() !== name) {
        throw new AppError(
          400,
          ErrorCode.tenantMismatch,
          `The ${TENANT_HEADER} header names another tenant than the host.`,
        );
      }
      const [row] = await executePrepared(
        app.database.db,
        app.database.db
          .selectFrom('tenants')
          .select([
            'name',
            'display_name',
            'base_url',
            'password_policy',
            'maintenance',
            sql<boolean>`coalesce((select enabled from system_flags where name = 'maintenance'), false)`.as(
              'global_maintenance',
            ),
          ])
          .where('name', '=', name),
      );
      if (!row) throw new AppError(404, ErrorCode.tenantNotFound, `There is no tenant "${name}".`);
      (request as WithTenant)[kTenant] = {
        name: row.name,
        displayName: row.display_name,
        baseUrl: row.base_url,
        passwordPolicy: row.password_policy,
        maintenance: row.maintenance,
        globalMaintenance: row.global_maintenance,
      };
    });
  },
  ['tessera-database'],
);
