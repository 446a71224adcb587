import { describe, expect, it } from 'vitest';
import { unsupportedRuntimeNotice } from './runtimeSupport';

describe('the runtime notice at start', () => {
  it.each(['22.12.0', '22.23.5', '24.0.0', '25.1.0'])(
    'given Node %s, when the server starts, then it prints no notice',
    (version) => {
      expect(unsupportedRuntimeNotice(version)).toBeUndefined();
    },
  );

  it.each(['20.19.0', '22.11.0', '23.5.0', '18.20.4'])(
    'given Node %s, when the server starts, then it names the version and the supported range',
    (version) => {
      expect(unsupportedRuntimeNotice(version)).toContain(`Node.js ${version} is not a supported`);
    },
  );
});
