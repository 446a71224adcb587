import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { SELF_ORIGIN } from '../webhooks/targetUrl';
import { DEMO_WEBHOOK_PATH, type DemoWebhookOutcome } from '../webhooks/demoWebhookOutcomes';

/**
 * The demo's webhook targets, by the name a form's webhook button gives: the credit check
 * and one target per other outcome the button can show, all answered by the server's own
 * stand-in credit bureau.
 */
export const DEMO_WEBHOOK_TARGETS: Readonly<Record<string, DemoWebhookOutcome>> = {
  'credit-check': 'approved',
  'credit-check-unavailable': 'unavailable',
  'credit-check-prescript-error': 'prescript-error',
  'credit-check-postscript-error': 'postscript-error',
};

/** Seeds the demo webhook targets of each tenant (called inside the identity seed's transaction). */
export async function seedDemoWebhookTargets(
  db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  tenants: readonly string[],
): Promise<void> {
  const rows = tenants.flatMap((tenant) =>
    Object.entries(DEMO_WEBHOOK_TARGETS).map(([name, outcome]) => ({
      tenant,
      name,
      url: `${SELF_ORIGIN}${DEMO_WEBHOOK_PATH.replace(':outcome', outcome)}`,
      timeout_ms: 5_000,
    })),
  );
  if (rows.length > 0) await db.insertInto('webhook_targets').values(rows).execute();
}
