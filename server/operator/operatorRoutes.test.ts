import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { carriesToken } from './operatorRoutes';

const TOKEN = 'scrape-token-0123456789';

describe('carriesToken', () => {
  it('given the bearer token, when checked, then it passes, whatever the case of the scheme', () => {
    expect(carriesToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(carriesToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it('given no header, another token, a prefix of it, or the token without its scheme, when checked, then it fails', () => {
    expect(carriesToken(undefined, TOKEN)).toBe(false);
    expect(carriesToken('', TOKEN)).toBe(false);
    expect(carriesToken('Bearer ', TOKEN)).toBe(false);
    expect(carriesToken(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(carriesToken(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(carriesToken(TOKEN, TOKEN)).toBe(false);
    expect(carriesToken(`Basic ${TOKEN}`, TOKEN)).toBe(false);
  });
});

describe('METRICS_TOKEN in the configuration', () => {
  it('given no METRICS_TOKEN, when loaded, then metrics have no token (and stay off)', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('given a token too short to be a secret, when loaded, then the start-up is refused', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});
