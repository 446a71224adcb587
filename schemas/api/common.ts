import { Type, type Static } from '@sinclair/typebox';

export * from './commonConstants';

/**
 * The one error body every non-2xx answer carries. `code` is stable and machine-readable;
 * the client translates it, `message` is a developer-facing English hint only.
 */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(
      Type.Array(
        Type.Object({
          path: Type.String(),
          code: Type.String(),
          params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        }),
      ),
    ),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * An id of a `bigint` identity column (every id column of the schema is one). JSON numbers are
 * exact only up to 2^53 - 1, so that is the bound, far below where the column overflows; a
 * huge, negative or fractional id is a 400 here, never a failed query (a 500).
 */
export const BigintId = () => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** The version of an object or form definition: an `integer` column, at most a million by rule. */
export const DefinitionVersion = () => Type.Integer({ minimum: 1, maximum: 1_000_000 });

/** A zero-based page number, bounded so an offset stays a small exact number. */
export const PageNumber = (maximum: number) => Type.Integer({ minimum: 0, maximum });

/** `{ result: T }`, the envelope the spec's calls answer with. */
export const Result = <T extends import('@sinclair/typebox').TSchema>(schema: T) =>
  Type.Object({ result: schema });

/** The query of a call that takes none: any parameter is a 400, not silently ignored. */
export const NoQuery = Type.Object({}, { additionalProperties: false });
