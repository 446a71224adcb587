import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../html';
import { projectPath } from '../paths';

/** Languages the mails are written in (spec 000 section 9). */
export const MAIL_LANGUAGES = ['en', 'es', 'fr'] as const;
/** One of the mail languages. */
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

interface PasswordResetTexts {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  linkHint: string;
  expiry: string;
  ignore: string;
  signature: string;
}

/** A composed mail, both as plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The mail's action link, for the operator's log line when no relay delivers it. */
  link?: string;
}

/** What a password-reset mail says. */
export interface PasswordResetMailInput {
  firstName: string;
  email: string;
  tenantName: string;
  link: string;
  minutes: number;
}

const LOCALES_DIR = projectPath('locales');
const cache = new Map<MailLanguage, PasswordResetTexts>();

function textsFor(language: MailLanguage): PasswordResetTexts {
  let texts = cache.get(language);
  if (!texts) {
    const file = JSON.parse(readFileSync(join(LOCALES_DIR, language, 'mail.json'), 'utf8')) as {
      passwordReset: PasswordResetTexts;
    };
    texts = file.passwordReset;
    cache.set(language, texts);
  }
  return texts;
}

/** Picks a supported language from a stored locale such as `es-ES`, falling back to English. */
export function mailLanguage(locale: string | null | undefined): MailLanguage {
  const base = (locale ?? '').slice(0, 2).toLowerCase();
  return (MAIL_LANGUAGES as readonly string[]).includes(base) ? (base as MailLanguage) : 'en';
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}

/**
 * Composes the password-reset mail from `locales/<language>/mail.json`. Values are escaped
 * for the HTML part, so a name like `<b>` is shown, never interpreted.
 */
export function renderPasswordResetMail(
  language: MailLanguage,
  input: PasswordResetMailInput,
): RenderedMail {
  const t = textsFor(language);
  const values = {
    firstName: input.firstName,
    email: input.email,
    tenantName: input.tenantName,
    minutes: String(input.minutes),
  };
  const escaped = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, escapeHtml(value)]),
  );
  const text = [
    fill(t.greeting, values),
    '',
    fill(t.intro, values),
    '',
    `${t.action}: ${input.link}`,
    '',
    fill(t.expiry, values),
    fill(t.ignore, values),
    '',
    t.signature,
    '',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    `<!doctype html><html lang="${language}"><body>`,
    `<p>${fill(escapeHtml(t.greeting), escaped)}</p>`,
    `<p>${fill(escapeHtml(t.intro), escaped)}</p>`,
    `<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#2d72d2;color:#ffffff;border-radius:4px;text-decoration:none">${escapeHtml(t.action)}</a></p>`,
    `<p>${escapeHtml(t.linkHint)}<br><a href="${link}">${link}</a></p>`,
    `<p>${fill(escapeHtml(t.expiry), escaped)}</p>`,
    `<p>${fill(escapeHtml(t.ignore), escaped)}</p>`,
    `<p>${escapeHtml(t.signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: t.subject, text, html, link: input.link };
}
