import { Type, type Static } from '@sinclair/typebox';

export * from './liveConstants';

/**
 * The last event id a reconnecting browser saw: digits only and at most 15 of them (ids are
 * a bigint counter, exact in JSON up to 2^53), so nothing else ever reaches a query.
 */
export const LIVE_EVENT_ID_PATTERN = '^[0-9]{1,15}$';

/** The stream's query: the last event id, for a client that cannot send `Last-Event-ID`. */
export const LiveEventsQuery = Type.Object(
  { lastEventId: Type.Optional(Type.String({ pattern: LIVE_EVENT_ID_PATTERN })) },
  { additionalProperties: false },
);
export type LiveEventsQuery = Static<typeof LiveEventsQuery>;
