import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../schemas/api/common';
import type { PasswordSettings } from '../../schemas/api/identity';
import { executePrepared } from '../db/preparingClient';
import { AppError } from '../errors';
import { isApiPath, isDevPath, isOperatorPath } from './apiPaths';
import { definePlugin } from './definePlugin';
import { addLogContext } from './logContext';

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

/** A host name without port, brackets or trailing dot, lower-cased; '' when there is none. */
export function hostName(host: string | undefined): string {
  const trimmed = (host ?? '').trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']') >>> 0);
  return (trimmed.split(':')[0] ?? '').replace(/\.$/, '');
}

const TENANT_LABEL = '([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)';
const PLACEHOLDER = 'tessera-tenant-placeholder';

/**
 * The host names of PUBLIC_URL_TEMPLATE as a pattern whose group is the tenant
 * (`http://{tenant}.tessera.example` -> `^([a-z0-9...]+)\.tessera\.example$`); null for a
 * template without `{tenant}` in its host.
 */
export function templateHostPattern(template: string): RegExp | null {
  let host: string;
  try {
    host = new URL(template.replaceAll('{tenant}', PLACEHOLDER).replaceAll('{port}', '1')).hostname;
  } catch {
    return null;
  }
  if (!host.includes(PLACEHOLDER)) return null;
  const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(PLACEHOLDER, TENANT_LABEL)}$`);
}

/** What decides which Host names the server answers. */
export interface HostRules {
  /** From PUBLIC_URL_TEMPLATE. */
  template: RegExp | null;
  /** Tenant by host name of each tenant's `base_url`. */
  baseUrlHosts: ReadonlyMap<string, string>;
}

/**
 * The tenant a Host is configured for, or null when the server must not answer it. IP
 * literals and `localhost` are `internal`; `<tenant>.localhost` always resolves to this
 * machine, so it is answered whatever the template; then the template's hosts, then the
 * tenants' `base_url` hosts. Anything else is a name someone else controls: a page on it
 * (DNS rebinding) must not reach this server.
 */
export function tenantForHost(host: string | undefined, rules: HostRules): string | null {
  const name = hostName(host);
  if (name === '') return null;
  if (isIP(name) !== 0 || name === 'localhost') return DEFAULT_TENANT;
  const fromBaseUrl = rules.baseUrlHosts.get(name);
  if (fromBaseUrl) return fromBaseUrl;
  if (name.endsWith('.localhost')) return tenantFromHost(name);
  const match = rules.template?.exec(name);
  return match?.[1] ?? null;
}

/** The host names of the tenants' `base_url`s. */
async function baseUrlHosts(app: FastifyInstance): Promise<Map<string, string>> {
  const rows = await app.database.db
    .selectFrom('tenants')
    .select(['name', 'base_url'])
    .where('base_url', 'is not', null)
    .execute();
  const hosts = new Map<string, string>();
  for (const row of rows) {
    try {
      hosts.set(hostName(new URL(row.base_url ?? '').host), row.name);
    } catch {
      // A base_url that is not a URL configures no host.
    }
  }
  return hosts;
}

const kTenantName = Symbol('tenantName');
type WithTenantName = FastifyRequest & { [kTenantName]?: string };

/**
 * Answers only the Host names the server is configured for (421 `HOST_NOT_ALLOWED`
 * otherwise, SPA files included), then resolves the tenant of every API and dev request from
 * its Host (X-Forwarded-Host behind a trusted proxy), refuses an `x-tenant-name` that
 * disagrees (400) and an unknown tenant (404). The row is read on every request, not cached,
 * so maintenance flags take effect at once on every server process.
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

    const template = templateHostPattern(app.config.publicUrlTemplate);
    const noBaseUrls: ReadonlyMap<string, string> = new Map();

    app.addHook('onRequest', async (request, reply) => {
      if (isOperatorPath(request.url)) return;
      // Template and loopback hosts need no database; only other names look at base URLs.
      const tenant =
        tenantForHost(request.host, { template, baseUrlHosts: noBaseUrls }) ??
        tenantForHost(request.host, { template, baseUrlHosts: await baseUrlHosts(app) });
      if (tenant === null) {
        throw new AppError(
          421,
          ErrorCode.hostNotAllowed,
          'This server does not answer for this host name.',
        );
      }
      (request as WithTenantName)[kTenantName] = tenant;
      addLogContext(request, reply, { tenant });
    });

    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url) && !isDevPath(request.url)) return;
      const name = (request as WithTenantName)[kTenantName] ?? DEFAULT_TENANT;
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
