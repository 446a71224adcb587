// What an error report may not carry, removed from its text on both sides: the browser scrubs
// before sending and the server again before storing, since it cannot trust what arrives.
// Error texts are not meant to hold personal data, but some quote it: JSON.parse quotes the
// text it failed on, a failed request's message may carry its URL with a reset code.

/** An email address anywhere in a text (a release such as `tessera@0.1.0` is none). */
const EMAIL = /[\w.%+-]+@(?:[\w-]+\.)+[A-Za-z]{2,}\b/g;

/** The query and fragment of an absolute or root-relative URL (reset links carry `oobCode`). */
const URL_QUERY = /((?:\bhttps?:\/\/|(?<![\w/])\/)[^\s?#"'<>()]*)[?#][^\s"'<>()]*/g;

/** `name=value` or `name: value` pairs whose name ends in a secret word (`oobCode`, `password`). */
const SECRET_PAIR =
  /\b([\w.-]*(?:code|token|pass|passwd|password|secret|key|session|sessionid|sig|signature|auth|authorization|cookie))\s*[=:]\s*("[^"]*"|'[^']*'|[^\s&,;"'<>]+)/gi;

/** Credentials of an Authorization header. */
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;

/**
 * Long opaque strings with a digit: session cookies, reset codes and API keys are 32
 * characters or more (a long identifier of code has no digit and stays, and so does a UUID,
 * which names a task or instance and proves nothing).
 */
const LONG_TOKEN = /(?<![\w-])(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{32,}/g;

/**
 * Double-quoted text. V8 quotes the data it failed on this way (`"12.5 EUR" is not valid
 * JSON`) and property names in single quotes (`reading 'length'`), which stay.
 */
const DOUBLE_QUOTED = /"(?:[^"\\\n]|\\.)*"/g;

/** A UUID as tasks and process instances are named. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Six digits or more (account, card, phone and document numbers, amounts), or a whole UUID,
 * which is matched first so that a run of digits inside it is not taken for a number.
 */
const LONG_NUMBER_OR_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{6,}/gi;

/** A detail whose name says it may hold a secret, a person or a typed value; never kept. */
const PRIVATE_DETAIL =
  /code|token|pass|secret|apikey|api_key|session|sig|auth|cookie|mail|value|name|phone/i;

/**
 * The text without emails, URL queries, secrets, long tokens and numbers, quoted data, and
 * cut to `maxLength` characters (never in the middle of a surrogate pair).
 */
export function scrubReportText(text: string, maxLength: number): string {
  const scrubbed = text
    .replace(EMAIL, '[email]')
    .replace(URL_QUERY, '$1')
    .replace(BEARER, '$1 [redacted]')
    .replace(SECRET_PAIR, '$1=[redacted]')
    .replace(DOUBLE_QUOTED, '"[redacted]"')
    .replace(LONG_TOKEN, (token) => (UUID.test(token) ? token : '[token]'))
    .replace(LONG_NUMBER_OR_UUID, (found) => (UUID.test(found) ? found : '[number]'));
  return cutText(scrubbed, maxLength);
}

/** At most `maxLength` UTF-16 units, without leaving half a surrogate pair at the end. */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** A screen's path with no query or fragment, scrubbed, cut to `maxLength`; `/` when empty. */
export function scrubRoute(route: string, maxLength: number): string {
  const path = route.split(/[?#]/, 1)[0] ?? '';
  const scrubbed = scrubReportText(path.startsWith('/') ? path : `/${path}`, maxLength);
  return scrubbed === '' ? '/' : scrubbed;
}

/** A scalar a report's details may hold. */
export type ReportDetailValue = string | number | boolean | null;

/**
 * A report's details without any entry whose name suggests a secret, a person or a typed
 * value, with only scalars kept and texts scrubbed; at most `limits.count` entries.
 */
export function scrubReportDetails(
  details: Readonly<Record<string, unknown>>,
  limits: { count: number; key: number; text: number },
): Record<string, ReportDetailValue> {
  const kept: Record<string, ReportDetailValue> = {};
  let count = 0;
  for (const [key, value] of Object.entries(details)) {
    if (count >= limits.count) break;
    if (!/^[A-Za-z][\w.-]*$/.test(key) || key.length > limits.key) continue;
    if (PRIVATE_DETAIL.test(key)) continue;
    if (typeof value === 'string') kept[key] = scrubReportText(value, limits.text);
    else if (typeof value === 'number' && Number.isFinite(value)) kept[key] = value;
    else if (typeof value === 'boolean' || value === null) kept[key] = value;
    else continue;
    count += 1;
  }
  return kept;
}
