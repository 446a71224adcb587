// `npm run worker:bureau`: the demo credit bureau as an outside worker. It serves the
// `creditBureau` topic of the integration API: fetches and locks the credit checks waiting,
// scores each with the demo's scoring rule, and completes it with `creditScore` and
// `creditCheckPassed`; a failed attempt is reported with the attempts left. It shows how a
// lender's own bureau connector plugs in without any of its code running in Tessera.
//
// TESSERA_URL     the tenant's address (e.g. https://bank.example), required
// TESSERA_TOKEN   an integration client token with the external-tasks scope, required
//                 (read from the environment, never the command line, which others can see)
// --once          handle what is waiting now, then stop (for scripts and tests)
// --worker-id ID  the lock holder's name; `credit-bureau-<pid>` by default
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import {
  IntegrationPath,
  type FetchAndLockAnswer,
  type LockedExternalTaskItem,
} from '../schemas/api/integration';
import { DEMO_SCORE_PASS, demoCreditScore } from '../server/engine/handlers/creditCheck';

const TOPIC = 'creditBureau';
/** How long a fetched check is ours: far more than scoring takes. */
const LOCK_MS = 60_000;
/** Pause between fetches when nothing waits. */
const IDLE_MS = 2_000;
/** Attempts a check gets before it becomes an incident for an administrator. */
const ATTEMPTS = 3;
/** Wait before a failed check is offered again. */
const RETRY_AFTER_MS = 30_000;

interface Settings {
  readonly url: string;
  readonly token: string;
  readonly workerId: string;
  readonly once: boolean;
}

function readSettings(): Settings {
  const { values } = parseArgs({
    options: { once: { type: 'boolean' }, 'worker-id': { type: 'string' } },
  });
  const url = process.env.TESSERA_URL?.replace(/\/+$/, '');
  const token = process.env.TESSERA_TOKEN;
  if (!url || !token) {
    throw new Error('Set TESSERA_URL and TESSERA_TOKEN (an external-tasks client token).');
  }
  return {
    url,
    token,
    workerId: values['worker-id'] ?? `credit-bureau-${hostname()}-${process.pid}`,
    once: values.once ?? false,
  };
}

async function post<T>(settings: Settings, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${settings.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Scores one check and completes it; a failure is reported with one attempt fewer. */
async function handle(settings: Settings, task: LockedExternalTaskItem): Promise<void> {
  try {
    const creditScore = demoCreditScore(task.variables);
    await post(settings, IntegrationPath.complete(task.id), {
      workerId: settings.workerId,
      variables: { creditScore, creditCheckPassed: creditScore >= DEMO_SCORE_PASS },
    });
    console.log(`${task.businessKey ?? task.processInstanceId}: scored ${creditScore}`);
  } catch (error) {
    const retries = Math.max(0, (task.retries ?? ATTEMPTS) - 1);
    const errorMessage = error instanceof Error ? error.message : String(error);
    await post(settings, IntegrationPath.failure(task.id), {
      workerId: settings.workerId,
      errorMessage: errorMessage.slice(0, 2_000) || 'The credit check failed.',
      retries,
      retryTimeout: RETRY_AFTER_MS,
    });
    console.error(`${task.id}: failed (${retries} attempts left): ${errorMessage}`);
  }
}

async function run(settings: Settings, stopping: () => boolean): Promise<void> {
  while (!stopping()) {
    const { data } = await post<FetchAndLockAnswer>(settings, IntegrationPath.fetchAndLock, {
      workerId: settings.workerId,
      maxTasks: 10,
      topics: [
        { topicName: TOPIC, lockDuration: LOCK_MS, variables: ['loanAmount', 'monthlyIncome'] },
      ],
    });
    for (const task of data) await handle(settings, task);
    if (data.length === 0) {
      if (settings.once) return;
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    }
  }
}

const settings = readSettings();
let stop = false;
// A stop finishes the check in hand: its lock would otherwise hold it until it expires.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => (stop = true));
run(settings, () => stop).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
