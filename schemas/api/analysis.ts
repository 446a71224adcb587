import { Type, type Static } from '@sinclair/typebox';
import { RECORD_FIELD_KEY_PATTERN } from './recordsConstants';

export * from './analysisConstants';

/** GET analysis check: whether the consent exists (spec 001 section 3, "Analysis check status"). */
export const AnalysisCheckAnswer = Type.Object(
  { result: Type.Boolean() },
  { additionalProperties: false },
);
export type AnalysisCheckAnswer = Static<typeof AnalysisCheckAnswer>;

/** POST analysis check: the consent is recorded (spec 001 section 7). */
export const AnalysisConsentAnswer = Type.Object(
  { reportAnalysisCheck: Type.Boolean() },
  { additionalProperties: false },
);
export type AnalysisConsentAnswer = Static<typeof AnalysisConsentAnswer>;

/** Where the sign-in popup goes; the account itself is in the answer's header. */
export const AnalysisStatusAnswer = Type.Object(
  {
    /** The identity provider's authorization endpoint, absolute. */
    authorizationEndpoint: Type.String(),
    clientId: Type.String(),
    /** The identity provider's issuer; a signed-in account is one of its accounts. */
    issuer: Type.String(),
  },
  { additionalProperties: false },
);
export type AnalysisStatusAnswer = Static<typeof AnalysisStatusAnswer>;

/** The authorization code the popup received, with the verifier the opener kept. */
export const AnalysisTokenBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9._~-]+$' }),
    /** RFC 7636: 43 to 128 unreserved characters. */
    codeVerifier: Type.String({ minLength: 43, maxLength: 128, pattern: '^[A-Za-z0-9._~-]+$' }),
  },
  { additionalProperties: false },
);
export type AnalysisTokenBody = Static<typeof AnalysisTokenBody>;

/** The signed-in external account. */
export const AnalysisTokenAnswer = Type.Object(
  { email: Type.String() },
  { additionalProperties: false },
);
export type AnalysisTokenAnswer = Static<typeof AnalysisTokenAnswer>;

const FieldKey = Type.String({ pattern: RECORD_FIELD_KEY_PATTERN });

/** Which fields the charts read: a status to count by, an amount to sum by month of a date. */
export const AnalysisChartQuery = Type.Object(
  {
    status: FieldKey,
    amount: FieldKey,
    date: FieldKey,
    lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('es'), Type.Literal('fr')])),
  },
  { additionalProperties: false },
);
export type AnalysisChartQuery = Static<typeof AnalysisChartQuery>;

/** The figures of the charts page. */
export const AnalysisChartData = Type.Object(
  {
    total: Type.Integer(),
    byStatus: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
    /** `YYYY-MM` months in order, with the summed amount. */
    byMonth: Type.Array(Type.Object({ month: Type.String(), amount: Type.Number() })),
  },
  { additionalProperties: false },
);
export type AnalysisChartData = Static<typeof AnalysisChartData>;

/** GET analysis data. */
export const AnalysisDataAnswer = Type.Object(
  { result: AnalysisChartData },
  { additionalProperties: false },
);
export type AnalysisDataAnswer = Static<typeof AnalysisDataAnswer>;
