import type { DemoApplicant } from '../engine/handlers/creditCheck';
import { demoBureauAnswer } from './demoBureauAnswer';

/** Where the demo's webhook target answers; outside `/api`, since servers call it, not users. */
export const DEMO_WEBHOOK_PATH = '/webhook-demo/credit-check/:outcome';

/** What the demo target reads of a call: the form's values as the button sent them, and the time. */
export interface DemoWebhookCall {
  /** The application form's values (the webhook call's `values`). */
  readonly values: DemoApplicant;
  /** The time of the check. */
  readonly now: Date;
}

/** An answer of the demo target: its HTTP status (the route's declared ones) and JSON body. */
export interface DemoWebhookAnswer {
  readonly status: 200 | 503;
  readonly body: object;
}

/**
 * The demo target's answers, one per outcome a webhook button shows: the bureau's answer
 * (score, band, time and reference of the check, from the applicant's values), the credit
 * bureau down (an HTTP error), and a failure of the target's script before or after its
 * work (a script error with its code). `approved` keeps the name the seeded targets' URLs
 * carry.
 */
export const DEMO_WEBHOOK_OUTCOMES = {
  approved: (call: DemoWebhookCall): DemoWebhookAnswer => ({
    status: 200,
    body: demoBureauAnswer(call.values, call.now),
  }),
  unavailable: (): DemoWebhookAnswer => ({
    status: 503,
    body: { message: 'The credit bureau is not answering.' },
  }),
  'prescript-error': (): DemoWebhookAnswer => ({
    status: 200,
    body: { scriptError: { stage: 'prescript', code: 'CUSTOMER_ID_MISSING' } },
  }),
  'postscript-error': (): DemoWebhookAnswer => ({
    status: 200,
    body: { scriptError: { stage: 'postscript', code: 'SCORE_UNREADABLE' } },
  }),
} as const;

/** One of the demo target's outcomes. */
export type DemoWebhookOutcome = keyof typeof DEMO_WEBHOOK_OUTCOMES;
