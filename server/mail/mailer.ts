import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseSchema } from '../db/schema';

/** A mail to one recipient of one tenant. */
export interface OutgoingMail {
  tenant: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mails; every mail is first written to the `mail_outbox` table. */
export interface Mailer {
  /** Records the mail and, with SMTP configured, hands it over in the background. */
  send(mail: OutgoingMail): Promise<void>;
  /** Waits for background deliveries and closes the SMTP transport. */
  close(): Promise<void>;
}

/** What the mailer needs. */
export interface MailerOptions {
  db: Kysely<DatabaseSchema>;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}

/**
 * Creates the mailer. The outbox row is written before the caller answers, so tests and the
 * /dev/outbox page see it at once; SMTP delivery happens afterwards, so a slow or failing
 * relay neither delays the answer (which must take the same time whether or not the address
 * exists) nor fails it. Undelivered rows keep `sent_at` null.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, mail: OutgoingMail, via: Transporter): Promise<void> {
    try {
      await via.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await options.db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date() })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      options.log.error({ err: error, mailId: id }, 'mail delivery failed');
    }
  }

  return {
    async send(mail) {
      const row = await options.db
        .insertInto('mail_outbox')
        .values({
          tenant: mail.tenant,
          to_address: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      const delivery = deliver(row.id, mail, transport).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport?.close();
    },
  };
}
