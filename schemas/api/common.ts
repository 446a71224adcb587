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

/** `{ result: T }`, the envelope the spec's calls answer with. */
export const Result = <T extends import('@sinclair/typebox').TSchema>(schema: T) =>
  Type.Object({ result: schema });

/** The query of a call that takes none: any parameter is a 400, not silently ignored. */
export const NoQuery = Type.Object({}, { additionalProperties: false });
