import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DatabaseSchema } from '../db/schema';

/** A mail to one recipient of one tenant. */
export interface OutgoingMail {
  tenant: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mails, over SMTP or into the `mail_outbox` table. */
export interface Mailer {
  /** Delivers the mail; rejects when the SMTP relay refuses it. */
  send(mail: OutgoingMail): Promise<void>;
  /** Closes the SMTP transport. */
  close(): void;
}

/** What the mailer needs. */
export interface MailerOptions {
  db: Kysely<DatabaseSchema>;
  smtpUrl: string | undefined;
  from: string;
}

/**
 * Creates the mailer. With SMTP_URL every mail goes to the relay and nowhere else: the
 * outbox table would otherwise keep live reset links that a real mailbox already holds.
 * Without it the outbox table is the mailbox (the `/dev/outbox` page reads it). Callers send
 * after answering (see identity/afterAnswer.ts), so a slow relay delays nobody.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;

  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        return;
      }
      await options.db
        .insertInto('mail_outbox')
        .values({
          tenant: mail.tenant,
          to_address: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
        .execute();
    },
    close() {
      transport?.close();
    },
  };
}
