import { Type, type Static } from '@sinclair/typebox';
import { CLIENT_ERROR_LIMITS, ClientErrorKind } from './clientErrorsConstants';

export * from './clientErrorsConstants';

const text = (maxLength: number) => Type.String({ maxLength });

/**
 * One report of the browser app. Tenant and user are not part of it: the server takes them
 * from the Host and the session, so a report cannot speak for anyone else. There is no field
 * for form values, and details are short scalars only.
 */
export const ClientErrorReport = Type.Object(
  {
    kind: Type.Union(Object.values(ClientErrorKind).map((kind) => Type.Literal(kind))),
    name: Type.Optional(text(CLIENT_ERROR_LIMITS.name)),
    message: Type.String({ minLength: 1, maxLength: CLIENT_ERROR_LIMITS.message }),
    stack: Type.Optional(text(CLIENT_ERROR_LIMITS.stack)),
    componentStack: Type.Optional(text(CLIENT_ERROR_LIMITS.componentStack)),
    /** The path of the screen, without query or fragment. */
    route: Type.String({ minLength: 1, maxLength: CLIENT_ERROR_LIMITS.route, pattern: '^/' }),
    /** The build that sent it. */
    release: Type.String({ minLength: 1, maxLength: CLIENT_ERROR_LIMITS.release }),
    details: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Union([
          text(CLIENT_ERROR_LIMITS.detailText),
          Type.Number(),
          Type.Boolean(),
          Type.Null(),
        ]),
        {
          maxProperties: CLIENT_ERROR_LIMITS.details,
          propertyNames: {
            pattern: '^[A-Za-z][\\w.-]*$',
            maxLength: CLIENT_ERROR_LIMITS.detailKey,
          },
        },
      ),
    ),
  },
  { additionalProperties: false },
);
/** A report as the browser sends it. */
export type ClientErrorReport = Static<typeof ClientErrorReport>;
