import { describe, expect, it } from 'vitest';
import { delayAfterFailures, LOGIN_LIMITS, pairDelay } from './loginThrottle';

describe('pairDelay', () => {
  it('given an account and address without failures, when the address is over its limit, then it does not wait', () => {
    expect(pairDelay(0, LOGIN_LIMITS.addressFailures * 10)).toBe(0);
  });

  it('given a quiet address, when an account has failed there a few times, then the free failures still apply', () => {
    expect(pairDelay(LOGIN_LIMITS.freeFailures - 1, 4)).toBe(0);
    expect(pairDelay(LOGIN_LIMITS.freeFailures, 5)).toBe(LOGIN_LIMITS.firstDelaySeconds);
  });

  it('given an address over its limit, when an account has failed there once, then it waits from that failure', () => {
    expect(pairDelay(1, LOGIN_LIMITS.addressFailures)).toBe(LOGIN_LIMITS.firstDelaySeconds);
    expect(pairDelay(2, LOGIN_LIMITS.addressFailures)).toBe(2 * LOGIN_LIMITS.firstDelaySeconds);
  });

  it('given a long history, when the delay is computed, then it stops at the maximum', () => {
    expect(delayAfterFailures(500)).toBe(LOGIN_LIMITS.maxDelaySeconds);
  });
});
