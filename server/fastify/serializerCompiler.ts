import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

/**
 * Fastify's own response serializers (fast-json-stringify, which also drops any property a
 * response schema does not declare), built on the first response of each route and status
 * rather than all at start-up, where generating them cost most of a warm start.
 */
export const buildSerializer = ((...factoryArgs: unknown[]) => {
  const compileSerializer = (
    SerializerSelector() as unknown as (...args: unknown[]) => (route: unknown) => Serialize
  )(...factoryArgs);
  return (route: unknown) => {
    let serialize: Serialize | undefined;
    return (data: unknown) => (serialize ??= compileSerializer(route))(data);
  };
}) as unknown as SerializerFactory;

type Serialize = (data: unknown) => string;
