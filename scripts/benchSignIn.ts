// `npm run bench:signin`: does a real user still sign in while a flood of wrong passwords
// comes from many addresses? Starts the real server (production scrypt cost, production
// hashing slots and request budget, behind a trusted proxy so X-Forwarded-For names the
// client), floods POST /identity/login from 50 addresses with wrong passwords for made-up
// emails, two connections each and no pause, from a worker thread (its own event loop, like
// a client elsewhere), and meanwhile signs a demo user in: first without a device cookie
// (a new browser), then with the one the first sign-in gave. Prints the user's sign-in
// times (median, max) and how much of the flood was turned away.
// A benchmark, not a test: figures, never a pass/fail on a noisy box.
// Usage: npm run bench:signin [-- --addresses N] [--seconds N]
import { Worker } from 'node:worker_threads';
import { IdentityPath } from '../schemas/api/identity';
import { loadConfig } from '../server/config';
import { DEVICE_COOKIE } from '../server/identity/deviceCookie';
import { DEFAULT_SCRYPT_PARAMS } from '../server/identity/passwordHash';
import { DEMO_PASSWORD } from '../server/seed/identityFixtures';
import { startTestServer } from '../server/testing/startTestServer';
import { median } from '../tests/helpers/median';

const args = process.argv.slice(2);
const numberOption = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive integer`);
  return value;
};

const FLOOD_ADDRESSES = numberOption('addresses', 50);
/** How long the flood runs before the first measured sign-in. */
const WARM_UP_MS = numberOption('seconds', 5) * 1000;
const SIGN_INS_PER_KIND = 6;
const PAUSE_BETWEEN_MS = 1000;
const TARGET_MS = 2000;
const USER = 'maria.garcia@tessera.example';

/** What the flood worker reports when it stops. */
interface FloodCounts {
  total: number;
  checked: number;
  /** 429 from the hashing queue. */
  busy: number;
  /** 429 from the sign-in throttle (TOO_MANY_ATTEMPTS). */
  throttled: number;
  /** 429 from the global per-address request budget. */
  budget: number;
  other: number;
}

/**
 * The flood, as plain JavaScript for a worker thread: per address two loops that post a wrong
 * password for a new made-up email as soon as the previous answer came, until told to stop.
 */
const FLOOD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, addresses } = workerData;
const counts = { total: 0, checked: 0, busy: 0, throttled: 0, budget: 0, other: 0 };
let stopped = false;
parentPort.on('message', () => { stopped = true; });
async function client(address, n) {
  for (let i = 0; !stopped; i += 1) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: 'nobody-' + n + '-' + i + '-' + address + '@tessera.example', password: 'Guess#2026' }),
      });
      const body = await response.text();
      counts.total += 1;
      if (response.status === 400) counts.checked += 1;
      else if (response.status === 429 && body.includes('busy with sign-ins')) counts.busy += 1;
      else if (response.status === 429 && body.includes('TOO_MANY_ATTEMPTS')) counts.throttled += 1;
      else if (response.status === 429) counts.budget += 1;
      else counts.other += 1;
    } catch {
      counts.other += 1;
    }
  }
}
Promise.all(addresses.flatMap((a) => [client(a, 0), client(a, 1)])).then(() =>
  parentPort.postMessage(counts),
);
`;

function startFlood(url: string, addresses: string[]) {
  const worker = new Worker(FLOOD_SOURCE, { eval: true, workerData: { url, addresses } });
  const done = new Promise<FloodCounts>((resolve, reject) => {
    worker.once('message', (counts: FloodCounts) => resolve(counts));
    worker.once('error', reject);
  });
  return {
    async stop(): Promise<FloodCounts> {
      worker.postMessage('stop');
      const counts = await done;
      await worker.terminate();
      return counts;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const production = loadConfig({ NODE_ENV: 'production' });
  console.log(
    `Starting the server: scrypt log2N ${DEFAULT_SCRYPT_PARAMS.log2N}, r ${DEFAULT_SCRYPT_PARAMS.r}, p ${DEFAULT_SCRYPT_PARAMS.p}; ` +
      `hashing slots ${JSON.stringify(production.hashingSlots)}; ${production.rateLimitPerMinute} requests/min per address`,
  );
  const server = await startTestServer({
    config: {
      passwordHashing: DEFAULT_SCRYPT_PARAMS,
      hashingSlots: production.hashingSlots,
      rateLimitPerMinute: production.rateLimitPerMinute,
      trustProxy: true,
    },
  });
  const url = `${server.url}${IdentityPath.login}`;

  /** One sign-in of the demo user from `address`: its time, status and device cookie. */
  const signIn = async (address: string, device?: string) => {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
      },
      body: JSON.stringify({ email: USER, password: DEMO_PASSWORD }),
    });
    await response.text();
    const ms = performance.now() - started;
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    return { ms, status: response.status, device: cookie?.split(';')[0]?.split('=')[1] };
  };

  try {
    const quiet: number[] = [];
    for (let i = 0; i < 3; i += 1) quiet.push((await signIn(`192.0.2.${i + 1}`)).ms);

    // Each flooding address in a network of its own, so no prefix grouping helps.
    const addresses = Array.from({ length: FLOOD_ADDRESSES }, (_, i) => `10.${i % 250}.${i}.7`);
    const flood = startFlood(url, addresses);
    await sleep(WARM_UP_MS);

    const fresh: number[] = [];
    const trusted: number[] = [];
    const failures: string[] = [];
    let device: string | undefined;
    for (let i = 0; i < SIGN_INS_PER_KIND; i += 1) {
      // A new browser each time, from a new address: no cookie, no history.
      const first = await signIn(`198.51.100.${i + 1}`);
      if (first.status === 200) fresh.push(first.ms);
      else failures.push(`new browser: ${first.status}`);
      device ??= first.device;
      await sleep(PAUSE_BETWEEN_MS);
    }
    for (let i = 0; i < SIGN_INS_PER_KIND; i += 1) {
      const again = await signIn(`203.0.113.${i + 1}`, device);
      if (again.status === 200) trusted.push(again.ms);
      else failures.push(`device cookie: ${again.status}`);
      device = again.device ?? device;
      await sleep(PAUSE_BETWEEN_MS);
    }
    const counts = await flood.stop();

    const row = (name: string, times: number[]) =>
      `| ${name} | ${times.length} | ${median(times).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms |`;
    console.log('');
    console.log(`| real user's sign-in | n | median | max |`);
    console.log('|---|---:|---:|---:|');
    console.log(row('quiet, no flood', quiet));
    console.log(row(`${FLOOD_ADDRESSES}-address flood, new browser`, fresh));
    console.log(row(`${FLOOD_ADDRESSES}-address flood, device cookie`, trusted));
    console.log('');
    const share = (n: number) => `${((100 * n) / Math.max(1, counts.total)).toFixed(1)} %`;
    console.log(
      `flood: ${counts.total} requests; 429 ${share(counts.busy + counts.throttled + counts.budget)} ` +
        `(hashing queue ${counts.busy}, throttle ${counts.throttled}, request budget ${counts.budget}); ` +
        `checked (400) ${counts.checked}; other ${counts.other}`,
    );
    if (failures.length > 0) console.log(`real user's failed sign-ins: ${failures.join(', ')}`);
    const worst = Math.max(...fresh, ...trusted);
    console.log(
      `target: every real sign-in under ${TARGET_MS} ms during the flood: ${
        failures.length === 0 && worst < TARGET_MS ? 'met' : 'missed'
      } (worst ${worst.toFixed(0)} ms)`,
    );
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
