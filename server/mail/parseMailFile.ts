// Reads back the `.eml` files the mailer writes (RFC 5322 with MIME parts, as nodemailer
// composes them): enough to show a mail's headers and its plain-text part. Pure: no I/O.

/** A mail read from its RFC 5322 text. */
export interface ParsedMail {
  /** Header values by lower-case name, unfolded and with encoded words decoded. */
  headers: Map<string, string>;
  /** The first `text/plain` part, decoded; empty when there is none. */
  text: string;
}

/** Splits a message or a MIME part into its header block and its body. */
function splitHead(source: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(source);
  if (!match) return { head: source, body: '' };
  return { head: source.slice(0, match.index), body: source.slice(match.index + match[0].length) };
}

/** Decodes quoted-printable text into bytes (RFC 2045 section 6.7). */
function quotedPrintableBytes(text: string): Buffer {
  const plain = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < plain.length; index += 1) {
    const char = plain[index] ?? '';
    const hex = plain.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** Bytes as text in `charset`, UTF-8 when the label is unknown. */
function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. */
export function decodeHeaderValue(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  // Whitespace between two encoded words belongs to neither (RFC 2047 section 6.2).
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(word, (_match, charset: string, encoding: string, data: string) =>
      decodeCharset(
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : quotedPrintableBytes(data.replaceAll('_', ' ')),
        charset,
      ),
    );
}

/** The header block as a map; folded lines are joined first (RFC 5322 section 2.2.3). */
function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeHeaderValue(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** A parameter of a structured header such as `Content-Type: text/plain; charset=utf-8`. */
function parameter(value: string, name: string): string {
  const match = new RegExp(`;\\s*${name}=(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(value);
  return match?.[1] ?? match?.[2] ?? '';
}

/** The decoded text of a single-part body. */
function decodeBody(body: string, headers: Map<string, string>): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parameter(headers.get('content-type') ?? '', 'charset');
  if (encoding === 'base64') return decodeCharset(Buffer.from(body, 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeCharset(quotedPrintableBytes(body), charset);
  return body;
}

/** The first text/plain part of a body, walking nested multiparts depth first. */
function plainText(headers: Map<string, string>, body: string): string | undefined {
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(headers.get('content-type') ?? '', 'boundary');
    if (!boundary) return undefined;
    // 1. The parts lie between delimiter lines; the preamble and the epilogue are dropped.
    const parts = body.split(
      new RegExp(`\\r?\\n?--${escapeRegExp(boundary)}(?:--)?[ \\t]*\\r?\\n?`),
    );
    for (const part of parts.slice(1, -1)) {
      // 2. Each part is a small message of its own.
      const split = splitHead(part);
      const found = plainText(parseHeaders(split.head), split.body);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return type.startsWith('text/plain') ? decodeBody(body, headers) : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Reads a mail's headers and its plain-text part from the message text. */
export function parseMailFile(source: string): ParsedMail {
  const { head, body } = splitHead(source);
  const headers = parseHeaders(head);
  return { headers, text: (plainText(headers, body) ?? '').replace(/\r\n/g, '\n') };
}

/** The bare address of a header such as `To: "Name" <a@b.c>`. */
export function addressOf(value: string): string {
  const angle = /<([^>]*)>/.exec(value);
  return (angle?.[1] ?? value).trim();
}
