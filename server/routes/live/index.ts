import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  LIVE_EVENT_ID_PATTERN,
  LIVE_RETRY_MS,
  LiveEventsQuery,
  LivePath,
} from '../../../schemas/api/live';
import { AppError } from '../../errors';
import { requirePrivilege, sessionOf } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { liveLogBounds } from '../../live/liveEvents';
import { LIVE_STREAMS_PER_USER } from '../../live/LiveHub';
import { sessionRemainingMs } from '../../live/liveSession';
import { LiveStream } from '../../live/LiveStream';
import { errorResponses } from '../errorResponses';

const EVENT_ID = new RegExp(LIVE_EVENT_ID_PATTERN);

/**
 * The last event id the browser saw: the `Last-Event-ID` header (what EventSource sends
 * when it reconnects), else `?lastEventId=`. Digits only, at most 15 (400 otherwise);
 * undefined for a first connection.
 */
function lastEventIdOf(request: FastifyRequest, query: LiveEventsQuery): number | undefined {
  const header = request.headers['last-event-id'];
  const text = typeof header === 'string' && header !== '' ? header : query.lastEventId;
  if (text === undefined) return undefined;
  if (!EVENT_ID.test(text)) {
    throw new AppError(400, ErrorCode.validation, 'Last-Event-ID must be an event id.', {
      details: [{ path: 'headers.last-event-id', code: 'pattern' }],
    });
  }
  return Number(text);
}

/**
 * Sends the stream's head on the raw answer: the route writes its answer itself for as long
 * as it stays open, so Fastify's onSend hooks never run. The headers set so far (helmet's
 * security headers, `no-store` from the security plugin's onRequest, the request id) are kept;
 * `X-Accel-Buffering: no` keeps nginx from holding the frames back.
 */
function openEventStream(reply: FastifyReply): void {
  reply.hijack();
  const kept: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) kept[name] = value;
  }
  reply.raw.writeHead(200, {
    ...kept,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  reply.raw.socket?.setNoDelay(true);
}

/**
 * `GET /api/live/v1/events`: the signed-in user's task events as Server-Sent Events. A full
 * session with access-task; at most `LIVE_STREAMS_PER_USER` streams per user and process.
 */
export const liveRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));

  app.get(
    LivePath.events,
    {
      schema: {
        summary: "The signed-in user's task events, as a stream of Server-Sent Events",
        description:
          'text/event-stream. First `retry:`, then either the events after `Last-Event-ID` ' +
          '(or `?lastEventId=`), a `resync` event when they are no longer kept, or the id to ' +
          'resume from; then `task` events as they happen, with a comment line as heartbeat.',
        querystring: LiveEventsQuery,
        response: {
          200: { description: 'The event stream (text/event-stream).', type: 'string' },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const actor = request.actor;
      const lastEventId = lastEventIdOf(request, request.query);
      if (app.live.isFull(actor.tenant, actor.userId)) {
        throw new AppError(
          429,
          ErrorCode.rateLimited,
          `At most ${LIVE_STREAMS_PER_USER} live streams per user; close a tab first.`,
        );
      }
      const sessionRef = { tenant: session.tenant, idHash: session.idHash };
      const remaining = await sessionRemainingMs(db, sessionRef, app.config.sessionIdleMinutes);
      if (remaining === null) throw new AppError(401, ErrorCode.notAuthenticated, 'Sign in first.');
      if (app.operator.draining) {
        // A stopping process: the browser comes back after `retry` to another one.
        openEventStream(reply);
        reply.raw.end(`retry: ${LIVE_RETRY_MS}\n\n`);
        return reply;
      }
      const memberships = await db
        .selectFrom('group_members')
        .select('group_id')
        .where('tenant', '=', actor.tenant)
        .where('user_id', '=', actor.userId)
        .execute();
      const { oldest, newest } = await liveLogBounds(db);
      const latest = newest ?? 0;
      // 1. No id: from now on. 2. An id the log still covers: what came after it.
      // 3. An id past the newest, or older than the oldest kept: resync.
      const covered =
        lastEventId !== undefined &&
        lastEventId <= latest &&
        (oldest === null || lastEventId >= oldest - 1);
      openEventStream(reply);
      const stream = new LiveStream(
        reply.raw,
        {
          db,
          reader: {
            tenant: actor.tenant,
            userId: actor.userId,
            groups: memberships.map((row) => row.group_id),
          },
          session: sessionRef,
          idleMinutes: app.config.sessionIdleMinutes,
          onClose: () => app.live.removed(stream),
          onError: (error) => request.log.error({ err: error }, 'a live stream failed'),
        },
        covered ? lastEventId : latest,
      );
      app.live.add(stream);
      stream.start({
        replay: covered,
        ...(lastEventId !== undefined && !covered ? { resyncId: latest } : {}),
        ...(lastEventId === undefined ? { resumeId: latest } : {}),
        sessionRemainingMs: remaining,
      });
      return reply;
    },
  );
};
