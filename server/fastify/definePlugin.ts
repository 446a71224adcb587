import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin the way fastify-plugin does (skip encapsulation, a display name, declared
 * dependencies that Fastify checks at registration), without another package: what it
 * decorates and the hooks it adds apply to the whole app, and a missing dependency fails
 * loudly at start-up instead of at the first request.
 */
export function definePlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
  dependencies: string[] = [],
): FastifyPluginAsync<Options> {
  const marked = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  marked[Symbol.for('plugin-meta')] = { name, dependencies, fastify: '5.x' };
  return marked;
}
