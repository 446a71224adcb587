import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addressOf, parseMailFile } from './parseMailFile';

/** The header naming the tenant a mail was written for, so a reader can keep tenants apart. */
export const TENANT_HEADER = 'X-Tessera-Tenant';

/** A mail read back from the mail folder. */
export interface FolderMail {
  /** The file name: unique, and sorting by it sorts by the moment the mail was written. */
  id: string;
  tenant: string;
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The mail's `Date` header as ISO 8601. */
  createdAt: string;
}

let written = 0;

/** A `Date` header as ISO 8601; the epoch for a missing or unreadable one. */
function isoDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
}

/** A name the operator can read: when, for which tenant and to whom, plus a random tail. */
function fileName(tenant: string, to: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  written = (written + 1) % 1_000_000;
  const safe = (text: string) => text.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 80);
  const tail = randomBytes(4).toString('hex');
  return `${stamp}-${String(written).padStart(6, '0')}-${safe(tenant)}-${safe(to)}-${tail}.eml`;
}

/**
 * Writes one composed message (RFC 5322 text) into `folder` and answers the file's path. The
 * folder and the file are readable by the server's own account only: a mail may carry a live
 * reset link.
 */
export async function writeMailFile(
  folder: string,
  mail: { tenant: string; to: string; message: Buffer },
): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const path = join(folder, fileName(mail.tenant, mail.to));
  await writeFile(path, mail.message, { mode: 0o600, flag: 'wx' });
  return path;
}

/** Which mails of the folder to read. */
export interface MailFolderQuery {
  tenant: string;
  /** Only mails to this address (compared case-insensitively). */
  to?: string;
  /** At most this many, newest first (default 50). */
  limit?: number;
}

/**
 * The newest mails of one tenant in `folder`, newest first; an absent folder holds none.
 * Reads files one by one from the newest until `limit` match, so an old, large folder costs
 * only what is shown.
 */
export async function readMailFolder(
  folder: string,
  query: MailFolderQuery,
): Promise<FolderMail[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const limit = query.limit ?? 50;
  const to = query.to?.toLowerCase();
  const mails: FolderMail[] = [];
  for (const name of names
    .filter((item) => item.endsWith('.eml'))
    .sort()
    .reverse()) {
    if (mails.length >= limit) break;
    const parsed = parseMailFile(await readFile(join(folder, name), 'utf8'));
    const header = (key: string) => parsed.headers.get(key) ?? '';
    const mail: FolderMail = {
      id: name,
      tenant: header(TENANT_HEADER.toLowerCase()),
      to: addressOf(header('to')),
      subject: header('subject'),
      text: parsed.text,
      createdAt: isoDate(header('date')),
    };
    if (mail.tenant !== query.tenant) continue;
    if (to !== undefined && mail.to.toLowerCase() !== to) continue;
    mails.push(mail);
  }
  return mails;
}
