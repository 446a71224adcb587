import { Type } from '@sinclair/typebox';
import { isIP } from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../schemas/api/common';
import { AppError } from '../../errors';
import { escapeHtml } from '../../html';
import { readMailFolder, type FolderMail } from '../../mail/mailFolder';
import { requireSession, sessionOf } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';

/** One mail as `/dev/outbox.json` answers it. */
export const OutboxMail = Type.Object({
  id: Type.String({ description: 'The mail file name; sorts by when the mail was written.' }),
  tenant: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
});

const OutboxAnswer = Type.Object({ mails: Type.Array(OutboxMail) });
const OutboxQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) },
  { additionalProperties: false },
);

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

function renderPage(tenant: string, to: string, mails: FolderMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<div class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)}</div>
<pre>${linkify(mail.text)}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No mail yet.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox · ${escapeHtml(to)}</title>
<link rel="stylesheet" href="/dev/outbox.css"></head>
<body><h1>Mails to ${escapeHtml(to)} (${escapeHtml(tenant)})</h1>
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
 * it (on top of showing each user only their own mails). The peer of the connection must be loopback, and a request relayed by a proxy (which
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

/**
 * Who may read the outbox: a signed-in user from this machine. What they read is narrowed to
 * their own mails by the handlers, so one user never sees another's reset link.
 */
const outboxGuards = [requireThisMachine, requireSession];

/** The signed-in user's own mails of the request's tenant, newest first. */
function ownMails(request: FastifyRequest, limit: number | undefined): Promise<FolderMail[]> {
  return readMailFolder(request.server.config.mailDir, {
    tenant: request.tenant.name,
    to: sessionOf(request).user.email,
    ...(limit === undefined ? {} : { limit }),
  });
}

/**
 * The development outbox: `GET /dev/outbox` (a page whose links can be clicked) and
 * `GET /dev/outbox.json`, reading the mail folder the mailer writes without SMTP. Registered
 * only when TESSERA_DEV_OUTBOX=1 (`npm run dev`), never in production; readable only from
 * this machine by a signed-in user, who sees the mails addressed to their own email and no
 * other. Every answer is `no-store`: it may hold a live reset link. The stylesheet is a file
 * of its own because the CSP forbids inline styles.
 */
export const devOutboxRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/dev/outbox.json',
    {
      preHandler: outboxGuards,
      schema: {
        summary: "The signed-in user's own mails (development only)",
        querystring: OutboxQuery,
        response: { 200: OutboxAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ mails: await ownMails(request, request.query.limit) }),
  );

  app.get(
    '/dev/outbox',
    {
      preHandler: outboxGuards,
      schema: {
        summary: "The page of the signed-in user's own mails (development only)",
        querystring: OutboxQuery,
      },
    },
    async (request, reply) => {
      const mails = await ownMails(request, request.query.limit);
      return reply
        .type('text/html; charset=utf-8')
        .send(renderPage(request.tenant.name, sessionOf(request).user.email, mails));
    },
  );

  app.get('/dev/outbox.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(STYLESHEET),
  );
};
