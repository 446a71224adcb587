// The webhook call's path and limits, without any schema.

/** Webhook button calls (spec 001 section 7: "POST webhook"). */
export const WebhookPath = {
  /** POST: call one of the tenant's configured webhook targets by name for a task. */
  call: '/api/task/webhook',
} as const;

/** A webhook target's name: what a form's webhook button names. */
export const WEBHOOK_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$';
