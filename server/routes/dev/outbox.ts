import { Type } from '@sinclair/typebox';
import { isIP } from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { AppError } from '../../errors';
import { escapeHtml } from '../../html';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';

/** One outbox mail as `/dev/outbox.json` answers it. */
export const OutboxMail = Type.Object({
  id: Type.Integer(),
  tenant: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});

const OutboxAnswer = Type.Object({ mails: Type.Array(OutboxMail) });
const OutboxQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) },
  { additionalProperties: false },
);

/** A mail of the outbox, newest first. */
export interface OutboxEntry {
  id: number;
  tenant: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  sentAt: string | null;
}

/** The newest mails of one tenant's outbox (tests and the /dev pages). */
export async function readOutbox(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  limit = 50,
): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('tenant', '=', tenant)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tenant: row.tenant,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at ? row.sent_at.toISOString() : null,
  }));
}

/** Escapes a mail's text and turns its http(s) links into anchors. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

const STYLESHEET = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1c2127}
h1{font-size:1.4rem}article{border:1px solid #d3d8de;border-radius:6px;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#5f6b7c;font-size:.85rem}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:.75rem 0 0}a{color:#2d72d2}`;

function renderPage(tenant: string, mails: OutboxEntry[]): string {
  const items = mails.length
    ? mails
        .map(
          (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<div class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)} · ${mail.sentAt ? `sent ${escapeHtml(mail.sentAt)}` : 'not sent over SMTP'}</div>
<pre>${linkify(mail.text)}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No mail yet.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox · ${escapeHtml(tenant)}</title>
<link rel="stylesheet" href="/dev/outbox.css"></head>
<body><h1>Mail outbox of ${escapeHtml(tenant)}</h1>
<p class="meta">Newest first. Development only; JSON at <a href="/dev/outbox.json">/dev/outbox.json</a>.</p>
${items}
</body></html>`;
}

/** True for an address of this machine (IPv4 127/8, ::1, and IPv4 loopback mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * preHandler: the outbox holds live reset links, so only a browser on this machine may read
 * it. The peer of the connection must be loopback, and a request relayed by a proxy (which
 * announces the real client in Forwarded / X-Forwarded-For) never counts as local, even
 * when the proxy runs on this machine.
 */
async function requireThisMachine(request: FastifyRequest): Promise<void> {
  const relayed =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (relayed || !isLoopbackAddress(request.socket.remoteAddress)) {
    throw new AppError(
      403,
      ErrorCode.forbidden,
      'The outbox can only be read from the machine the server runs on.',
    );
  }
}

/** Who may read the outbox: from this machine, signed in, with access-test (see decisions). */
const outboxGuards = [requireThisMachine, requirePrivilege(Privilege.accessTest)];

/**
 * The development outbox of the request's tenant: `GET /dev/outbox` (a page whose links can
 * be clicked), `GET /dev/outbox.json`. Registered only outside production, and readable only
 * from this machine by a signed-in user with access-test of that tenant. Mails sent over SMTP
 * never land here. The stylesheet is a file of its own because the CSP forbids inline styles.
 */
export const devOutboxRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;

  app.get(
    '/dev/outbox.json',
    {
      preHandler: outboxGuards,
      schema: {
        querystring: OutboxQuery,
        response: { 200: OutboxAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ mails: await readOutbox(db, request.tenant.name, request.query.limit) }),
  );

  app.get(
    '/dev/outbox',
    { preHandler: outboxGuards, schema: { querystring: OutboxQuery } },
    async (request, reply) => {
      const mails = await readOutbox(db, request.tenant.name, request.query.limit);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderPage(request.tenant.name, mails));
    },
  );

  app.get('/dev/outbox.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(STYLESHEET),
  );
};
