import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const POSTGRES = 'postgres://tessera@db.example/tessera';

describe('HOST', () => {
  it('given no setting, when loading, then the server listens on this machine only: the demo passwords are published', () => {
    expect(loadConfig({}).host).toBe('localhost');
  });

  it('given HOST=0.0.0.0, when loading, then every address is served, as the operator chose', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('TESSERA_PROCESSES', () => {
  it('given no setting, when loading, then the server is one process', () => {
    expect(loadConfig({}).processes).toBe(1);
  });

  it('given four processes on PostgreSQL, when loading, then four are run', () => {
    expect(loadConfig({ TESSERA_PROCESSES: '4', DATABASE_URL: POSTGRES }).processes).toBe(4);
  });

  it('given two processes on the embedded database, when loading, then the start is refused by name', () => {
    expect(() => loadConfig({ TESSERA_PROCESSES: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ TESSERA_PROCESSES: '2' })).toThrow(/DATABASE_URL/);
  });

  it.each(['0', '-1', '1.5', 'two'])(
    'given TESSERA_PROCESSES=%s, when loading, then it is refused',
    (raw) => {
      expect(() => loadConfig({ TESSERA_PROCESSES: raw, DATABASE_URL: POSTGRES })).toThrow(
        /TESSERA_PROCESSES must be an integer of at least 1/,
      );
    },
  );

  it('given three processes, when loading, then each keeps a third of the per-address flood budget', () => {
    const config = loadConfig({
      TESSERA_PROCESSES: '3',
      DATABASE_URL: POSTGRES,
      RATE_LIMIT_PER_MINUTE: '1200',
    });
    expect(config.rateLimitPerMinute).toBe(400);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '1200' }).rateLimitPerMinute).toBe(1200);
  });

  it('given more processes than spare cores, when loading, then each still hashes one password at a time', () => {
    const config = loadConfig({ TESSERA_PROCESSES: '64', DATABASE_URL: POSTGRES });
    expect(config.hashingSlots.concurrency).toBe(1);
  });
});
