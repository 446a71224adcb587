import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, setDeviceCookie, trustedDevice } from './deviceCookie';

const KEY = randomBytes(32);
const NOW = new Date('2026-03-01T10:00:00Z');

/** A request carrying `cookie` as the device cookie, over plain http. */
const requestWith = (cookie?: string) =>
  ({
    cookies: cookie === undefined ? {} : { [DEVICE_COOKIE]: cookie },
    protocol: 'http',
  }) as unknown as FastifyRequest;

/** Issues a device cookie as the login route does and returns its value and options. */
function issue(email: string, previous?: string, tenant = 'acme', now = NOW) {
  let set: { value: string; options: Record<string, unknown> } | undefined;
  const reply = {
    setCookie(name: string, value: string, options: Record<string, unknown>) {
      expect(name).toBe(DEVICE_COOKIE);
      set = { value, options };
    },
  } as unknown as FastifyReply;
  setDeviceCookie(requestWith(previous), reply, KEY, tenant, email, now);
  if (!set) throw new Error('no cookie was set');
  return set;
}

describe('device cookies', () => {
  it('given a browser that signed in, when it comes back for the same account, then its device is trusted', () => {
    const { value, options } = issue('ana@acme.example');
    expect(options).toMatchObject({ httpOnly: true, sameSite: 'strict', path: '/identity/login' });
    expect(trustedDevice(requestWith(value), KEY, 'acme', 'ana@acme.example', NOW)).toMatchObject({
      issuedAt: NOW.getTime() / 1000,
    });
  });

  it('given a device cookie, when it is shown for another account, another tenant, another key or altered, then it is not trusted', () => {
    const { value } = issue('ana@acme.example');
    expect(trustedDevice(requestWith(value), KEY, 'acme', 'bo@acme.example', NOW)).toBeUndefined();
    expect(trustedDevice(requestWith(value), KEY, 'beta', 'ana@acme.example', NOW)).toBeUndefined();
    expect(
      trustedDevice(requestWith(value), randomBytes(32), 'acme', 'ana@acme.example', NOW),
    ).toBeUndefined();
    const altered = `${Number(value.split('.')[0]) + 1}${value.slice(value.indexOf('.'))}`;
    expect(
      trustedDevice(requestWith(altered), KEY, 'acme', 'ana@acme.example', NOW),
    ).toBeUndefined();
  });

  it('given a device cookie older than its lifetime, when shown, then it is not trusted', () => {
    const { value } = issue('ana@acme.example');
    const later = new Date(NOW.getTime() + (DEVICE_COOKIE_DAYS + 1) * 86_400_000);
    expect(
      trustedDevice(requestWith(value), KEY, 'acme', 'ana@acme.example', later),
    ).toBeUndefined();
  });

  it('given a shared browser, when several accounts sign in, then each keeps its entry and a new sign-in replaces only its own', () => {
    const ana = issue('ana@acme.example').value;
    const both = issue('bo@acme.example', ana).value;
    const renewed = issue('ana@acme.example', both).value;
    expect(renewed.split('~')).toHaveLength(2);
    for (const email of ['ana@acme.example', 'bo@acme.example']) {
      expect(trustedDevice(requestWith(renewed), KEY, 'acme', email, NOW)).toBeDefined();
    }
    expect(trustedDevice(requestWith(renewed), KEY, 'acme', 'ana@acme.example', NOW)).not.toEqual(
      trustedDevice(requestWith(both), KEY, 'acme', 'ana@acme.example', NOW),
    );
  });

  it('given a cookie that is not ours, when read, then nothing is trusted and nothing throws', () => {
    for (const junk of ['', 'x', '~~~', 'a.b.c', '9'.repeat(5000)]) {
      expect(
        trustedDevice(requestWith(junk), KEY, 'acme', 'ana@acme.example', NOW),
      ).toBeUndefined();
    }
  });
});
