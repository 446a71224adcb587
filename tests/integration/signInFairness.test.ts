import { describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { DEVICE_COOKIE } from '../../server/identity/deviceCookie';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';
import { setUpTestServer } from '../helpers/setUpTestServer';

/** Fifty client addresses, each in a network of its own. */
const FLOOD_ADDRESSES = Array.from({ length: 50 }, (_, i) => `10.${100 + i}.0.7`);

describe('sign-in under a flood and behind shared addresses', () => {
  const suite = setUpTestServer({
    config: {
      // A real, if smaller, cost, so that hashing is what the flood queues for; the
      // production shape of the queue: one slot, eight waiting, two places per address.
      passwordHashing: { log2N: 12, r: 8, p: 1 },
      hashingSlots: { concurrency: 1, queueLength: 8, perAddress: 2, trustedSlots: 1 },
    },
  });

  const signIn = (email: string, password: string, remoteAddress: string, device?: string) =>
    suite.server.app.inject({
      method: 'POST',
      url: IdentityPath.login,
      headers: { host: 'localhost', ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
      payload: { email, password },
      remoteAddress,
    });

  const deviceCookieOf = (response: Awaited<ReturnType<typeof signIn>>) =>
    response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value;

  /** Failures written as if they had happened moments ago, from `ip`, one per email. */
  const failuresFrom = (ip: string, emails: string[]) =>
    suite.server.database.db
      .insertInto('login_failures')
      .values(emails.map((email) => ({ tenant: 'internal', email, ip })))
      .execute();

  /**
   * Two clients per address that send wrong passwords for made-up emails without pause
   * (a short breath after a refusal, so the test process itself keeps up), until stopped.
   */
  function startFlood(addresses: string[]) {
    const statuses: number[] = [];
    let stopped = false;
    const client = async (address: string, client: number) => {
      for (let i = 0; !stopped; i += 1) {
        const response = await signIn(
          `nobody-${client}-${i}-${address}@tessera.example`,
          'Guess#2026',
          address,
        );
        statuses.push(response.statusCode);
        if (response.statusCode === 429) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const clients = addresses.flatMap((address) => [client(address, 0), client(address, 1)]);
    return {
      statuses,
      async until(answers: number) {
        while (statuses.length < answers) await new Promise((resolve) => setTimeout(resolve, 20));
      },
      async stop() {
        stopped = true;
        await Promise.all(clients);
      },
    };
  }

  it('given 50 addresses flooding with unknown emails, when a real user signs in, first without then with a device cookie, then each sign-in succeeds', async () => {
    const flood = startFlood(FLOOD_ADDRESSES);
    try {
      await flood.until(300);
      const first = await signIn('maria.garcia@tessera.example', DEMO_PASSWORD, '192.0.2.10');
      expect(first.statusCode).toBe(200);
      const device = deviceCookieOf(first);
      expect(device).toBeDefined();

      for (const address of ['192.0.2.11', '198.51.100.12', '203.0.113.13']) {
        await flood.until(flood.statuses.length + 20);
        const again = await signIn('maria.garcia@tessera.example', DEMO_PASSWORD, address, device);
        expect(again.statusCode).toBe(200);
        const fresh = await signIn('elena.vidal@tessera.example', DEMO_PASSWORD, address);
        expect(fresh.statusCode).toBe(200);
      }
    } finally {
      await flood.stop();
    }
    // The flood itself was checked (400) or turned away (429), and mostly turned away.
    expect(flood.statuses.every((status) => status === 400 || status === 429)).toBe(true);
    expect(flood.statuses.filter((status) => status === 429).length).toBeGreaterThan(
      flood.statuses.length / 2,
    );
    // Each checked attempt is decided under a lock of its account and address, a short
    // transaction on the test's pool of four; under a busy machine the flood takes longer.
  }, 60_000);

  it('given one office address with 35 failures of other people, when a colleague types their own password right there, then they sign in', async () => {
    const office = '10.30.0.1';
    for (let i = 0; i < 3; i += 1) {
      const wrong = await signIn('javier.morales@tessera.example', `Wrong#${i}`, office);
      expect(wrong.statusCode).toBe(400);
    }
    for (let i = 0; i < 32; i += 1) {
      expect((await signIn(`visitor${i}@tessera.example`, 'Guess#1', office)).statusCode).toBe(400);
    }

    const colleague = await signIn('claire.dubois@tessera.example', DEMO_PASSWORD, office);
    expect(colleague.statusCode).toBe(200);

    // Someone who got their own password wrong there waits: over its limit the office
    // address has no free failures left.
    const mistyped = await signIn('javier.morales@tessera.example', DEMO_PASSWORD, office);
    expect(mistyped.statusCode).toBe(429);
    expect(mistyped.json().code).toBe('TOO_MANY_ATTEMPTS');
    // From elsewhere that account was never held back.
    const elsewhere = await signIn('javier.morales@tessera.example', DEMO_PASSWORD, '10.31.0.1');
    expect(elsewhere.statusCode).toBe(200);
  });

  it("given a browser with a device cookie, when its account and address are throttled by others' guesses, then it still signs in and one without the cookie waits", async () => {
    const email = 'lucas.martin@tessera.example';
    const device = deviceCookieOf(await signIn(email, DEMO_PASSWORD, '10.40.0.1'));
    expect(device).toBeDefined();

    const office = '10.40.9.1';
    await failuresFrom(office, [
      ...Array.from({ length: 35 }, (_, i) => `stranger${i}@tessera.example`),
      ...Array.from({ length: 8 }, () => email),
    ]);
    const withoutCookie = await signIn(email, DEMO_PASSWORD, office);
    expect(withoutCookie.statusCode).toBe(429);
    expect(withoutCookie.json().code).toBe('TOO_MANY_ATTEMPTS');

    const withCookie = await signIn(email, DEMO_PASSWORD, office, device);
    expect(withCookie.statusCode).toBe(200);
    // The cookie is for Lucas only: it does nothing for another account from that browser.
    const other = await signIn('amara.okafor@tessera.example', 'Wrong#1', office, device);
    expect(other.statusCode).toBe(400);
    await failuresFrom(
      office,
      Array.from({ length: 8 }, () => 'amara.okafor@tessera.example'),
    );
    expect(
      (await signIn('amara.okafor@tessera.example', DEMO_PASSWORD, office, device)).statusCode,
    ).toBe(429);
  });

  it('given a device cookie that keeps failing, when it reaches its limit, then it is no longer trusted', async () => {
    const email = 'priya.nair@tessera.example';
    const address = '10.50.0.1';
    const device = deviceCookieOf(await signIn(email, DEMO_PASSWORD, address));
    for (let i = 0; i < 10; i += 1) {
      // Past the five free failures of the account and address, the cookie still lets it try.
      expect((await signIn(email, `Wrong#${i}`, address, device)).statusCode, `try ${i}`).toBe(400);
    }
    const eleventh = await signIn(email, DEMO_PASSWORD, address, device);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});
