import { describe, expect, it } from 'vitest';
import { ServiceHandlerRegistry } from './ServiceHandlerRegistry';

describe('ServiceHandlerRegistry', () => {
  it.each(['external', 'external-worker'])(
    "given the name '%s', when a handler is registered under it, then it is refused: that type marks an external task",
    (name) => {
      const registry = new ServiceHandlerRegistry();
      expect(() => {
        registry.register(name, () => Promise.resolve(undefined));
      }).toThrow('marks an external task');
      expect(registry.has(name)).toBe(false);
    },
  );
});
