import { Type, type Static } from '@sinclair/typebox';

/** The answer of `/healthz`: the process runs. */
export const HealthAnswer = Type.Object(
  { status: Type.Literal('ok') },
  { additionalProperties: false },
);
/** The answer of `/healthz`. */
export type HealthAnswer = Static<typeof HealthAnswer>;

/** The answer of `/readyz` while the server takes traffic. */
export const ReadyAnswer = Type.Object(
  { status: Type.Literal('ready') },
  { additionalProperties: false },
);
/** The answer of `/readyz` while it takes traffic. */
export type ReadyAnswer = Static<typeof ReadyAnswer>;

/** The answer of `/readyz` while the server must not get traffic, with the reason in one word. */
export const NotReadyAnswer = Type.Object(
  {
    status: Type.Literal('not ready'),
    reason: Type.Union([
      Type.Literal('draining'),
      Type.Literal('database'),
      Type.Literal('migrations'),
    ]),
  },
  { additionalProperties: false },
);
/** The answer of `/readyz` while it must not get traffic. */
export type NotReadyAnswer = Static<typeof NotReadyAnswer>;
