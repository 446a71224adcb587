import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Query parameters whose values are secrets (reset codes in `oobCode`, any token, code,
 * password or key): their values never reach a log line, the names stay for debugging.
 */
const SECRET_PARAMETER = /code|token|pass|secret|key|session|sig|auth|cookie/i;

/** A request URL fit for a log line: secret query values replaced by `[redacted]`. */
export function loggableUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const path = url.slice(0, question);
  const parts = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return SECRET_PARAMETER.test(decoded) && equals !== -1 ? `${name}=[redacted]` : pair;
    });
  return `${path}?${parts.join('&')}`;
}

/**
 * Paths pino blanks in every log line: credentials in headers, and passwords, codes and form
 * values should anything ever log a body.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'body',
  'req.body',
  'password',
  'currentPassword',
  'newPassword',
  'oobCode',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.oobCode',
];

/** The request as Fastify's log lines show it, without the secrets a URL may carry. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's logger options with Tessera's redaction added: no reset code, cookie, password
 * or form value in any log line, whatever level or destination the caller chose.
 */
export function safeLoggerOptions(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, req: serializeRequest },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
