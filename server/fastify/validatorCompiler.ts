import Ajv, { type AnySchema, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyServerOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    // Unknown properties are refused, not silently dropped: a typo in a client must show.
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    // Route schemas are compiled one by one; TypeBox reuses `$id`s inside several of them.
    addUsedSchema: false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * Fastify's validator factory with two Ajv instances: bodies are JSON and must carry the
 * right types (no coercion: `{"password": 5}` is a 400), while query strings, params and
 * headers arrive as text and are coerced to the schema's numbers and booleans. Schemas
 * added with `app.addSchema` are known to both, so `$ref` works as usual.
 */
export const buildValidator = ((externalSchemas: Record<string, AnySchema>) => {
  const strict = createAjv(false);
  const coercing = createAjv('array');
  for (const schema of Object.values(externalSchemas)) {
    strict.addSchema(schema);
    coercing.addSchema(schema);
  }
  return ({ schema, httpPart }: FastifyRouteSchemaDef<AnySchema>) =>
    lazyValidator(() => (httpPart === 'body' ? strict : coercing).compile(schema));
}) as unknown as ValidatorFactory;

/** A validator as Fastify calls it: a boolean, with the last errors on `.errors`. */
interface LazyValidator {
  (data: unknown): boolean;
  errors?: ValidateFunction['errors'];
}

/**
 * Defers Ajv's code generation to the first request of a route. Compiling every route's
 * schemas at start-up cost most of a warm start; a route's first call now pays a few
 * milliseconds instead, and routes nobody calls cost nothing.
 */
function lazyValidator(compile: () => ValidateFunction): LazyValidator {
  let validate: ValidateFunction | undefined;
  const lazy: LazyValidator = (data) => {
    validate ??= compile();
    const valid = validate(data) as boolean;
    lazy.errors = validate.errors;
    return valid;
  };
  return lazy;
}
