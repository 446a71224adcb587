/** Where the demo's webhook target answers; outside `/api`, since servers call it, not users. */
export const DEMO_WEBHOOK_PATH = '/webhook-demo/credit-check/:outcome';

/**
 * The demo target's answers, one per outcome a webhook button shows: an approval, the credit
 * bureau down (an HTTP error), and a failure of the target's script before or after its
 * work (a script error with its code).
 */
export const DEMO_WEBHOOK_OUTCOMES = {
  approved: { status: 200, body: { decision: 'approved', score: 742 } },
  unavailable: { status: 503, body: { message: 'The credit bureau is not answering.' } },
  'prescript-error': {
    status: 200,
    body: { scriptError: { stage: 'prescript', code: 'CUSTOMER_ID_MISSING' } },
  },
  'postscript-error': {
    status: 200,
    body: { scriptError: { stage: 'postscript', code: 'SCORE_UNREADABLE' } },
  },
} as const;

/** One of the demo target's outcomes. */
export type DemoWebhookOutcome = keyof typeof DEMO_WEBHOOK_OUTCOMES;
