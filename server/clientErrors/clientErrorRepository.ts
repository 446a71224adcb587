import type { Kysely } from 'kysely';
import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '../../schemas/api/clientErrors';
import {
  scrubReportDetails,
  scrubReportText,
  scrubRoute,
} from '../../src/core/errors/scrubReportText';
import type { DatabaseSchema } from '../db/schema';

/** How many reports a tenant keeps; older ones are deleted as new ones arrive. */
export const CLIENT_ERRORS_KEPT_PER_TENANT = 1000;

/** The longest user agent kept: enough for browser and version, not a fingerprint. */
const USER_AGENT_MAX = 300;

/** A report as stored: scrubbed, with the tenant and user the server established. */
export interface StoredClientError {
  id: number;
  tenant: string;
  userId: string | null;
  kind: ClientErrorReport['kind'];
  name: string;
  message: string;
  stack: string;
  componentStack: string;
  route: string;
  release: string;
  details: Record<string, string | number | boolean | null>;
  userAgent: string;
  createdAt: Date;
}

/** Who sent a report, as the server knows it (never as the report claims). */
export interface ClientErrorSender {
  tenant: string;
  userId: string | null;
  userAgent: string | undefined;
}

/**
 * Scrubs a report once more (the browser did, but the server cannot trust it): no email,
 * URL query, secret, long token or number, quoted data or private-sounding detail is kept.
 */
export function scrubClientError(report: ClientErrorReport) {
  const text = (value: string | undefined, max: number) => scrubReportText(value ?? '', max);
  return {
    kind: report.kind,
    name: text(report.name, CLIENT_ERROR_LIMITS.name),
    // A message made only of what was scrubbed still says that something happened.
    message: text(report.message, CLIENT_ERROR_LIMITS.message) || '[redacted]',
    stack: text(report.stack, CLIENT_ERROR_LIMITS.stack),
    componentStack: text(report.componentStack, CLIENT_ERROR_LIMITS.componentStack),
    route: scrubRoute(report.route, CLIENT_ERROR_LIMITS.route),
    release: text(report.release, CLIENT_ERROR_LIMITS.release) || 'unknown',
    details: scrubReportDetails(report.details ?? {}, {
      count: CLIENT_ERROR_LIMITS.details,
      key: CLIENT_ERROR_LIMITS.detailKey,
      text: CLIENT_ERROR_LIMITS.detailText,
    }),
  };
}

/**
 * Stores a scrubbed report of `sender`'s tenant and deletes that tenant's reports beyond the
 * newest `keep`, in one transaction, so the table never grows past `keep` rows a tenant.
 */
export async function storeClientError(
  db: Kysely<DatabaseSchema>,
  report: ClientErrorReport,
  sender: ClientErrorSender,
  keep: number = CLIENT_ERRORS_KEPT_PER_TENANT,
): Promise<StoredClientError> {
  const clean = scrubClientError(report);
  const userAgent = scrubReportText(sender.userAgent ?? '', USER_AGENT_MAX);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('client_errors')
      .values({
        tenant: sender.tenant,
        user_id: sender.userId,
        kind: clean.kind,
        name: clean.name,
        message: clean.message,
        stack: clean.stack,
        component_stack: clean.componentStack,
        route: clean.route,
        release: clean.release,
        details: JSON.stringify(clean.details),
        user_agent: userAgent,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    // 1. The id of the oldest report still kept; 2. everything of the tenant before it goes.
    const oldestKept = await trx
      .selectFrom('client_errors')
      .select('id')
      .where('tenant', '=', sender.tenant)
      .orderBy('id', 'desc')
      .offset(keep - 1)
      .limit(1)
      .executeTakeFirst();
    if (oldestKept) {
      await trx
        .deleteFrom('client_errors')
        .where('tenant', '=', sender.tenant)
        .where('id', '<', oldestKept.id)
        .execute();
    }
    return {
      id: Number(row.id),
      tenant: sender.tenant,
      userId: sender.userId,
      ...clean,
      userAgent,
      createdAt: row.created_at,
    };
  });
}
