import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyTypeProvider } from 'fastify';

/**
 * Types request parts and replies from the TypeBox schemas in schemas/ (@sinclair/typebox).
 * @fastify/type-provider-typebox 6 targets the newer `typebox` package, whose types do not
 * read these schemas, so the provider is declared here; validation stays with Ajv.
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}
