import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { TENANT_HEADER, writeMailFile } from './mailFolder';

/** A mail to one recipient of one tenant. */
export interface OutgoingMail {
  tenant: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The mail's one action link (a reset link), printed in the operator's log line when no
   * relay delivers the mail, so the operator can hand it over.
   */
  link?: string;
}

/** Sends mails, over SMTP or into the operator's mail folder. */
export interface Mailer {
  /** Delivers the mail; rejects when the SMTP relay refuses it or the file cannot be written. */
  send(mail: OutgoingMail): Promise<void>;
  /** Closes the SMTP transport. */
  close(): void;
}

/** What the mailer needs. */
export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** The folder the `.eml` files go to without SMTP. */
  mailDir: string;
  /** Where the operator's one line per written mail goes. */
  log: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * Creates the mailer. With SMTP_URL every mail goes to the relay and nowhere else. Without
 * it each mail becomes an `.eml` file in the mail folder, readable by the server's account
 * only, and one log line names the recipient, the file and the link: live reset links reach
 * the operator and nobody else (no web page shows them outside `npm run dev`). Callers send
 * after answering (see identity/afterAnswer.ts), so a slow relay delays nobody.
 */
export function createMailer(options: MailerOptions): Mailer {
  const relay: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  // Composes the very message a relay would get, as RFC 5322 text with CRLF line ends.
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  return {
    async send(mail) {
      const message = {
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      };
      if (relay) {
        await relay.sendMail(message);
        return;
      }
      const composed = await composer.sendMail({
        ...message,
        headers: { [TENANT_HEADER]: mail.tenant },
      });
      // `buffer: true` makes the message a Buffer; the type also allows a stream.
      if (!Buffer.isBuffer(composed.message)) throw new Error('The mail was not composed.');
      const file = await writeMailFile(options.mailDir, {
        tenant: mail.tenant,
        to: mail.to,
        message: composed.message,
      });
      options.log.info(
        { mail: { tenant: mail.tenant, to: mail.to, file } },
        `mail for ${mail.to} (${mail.tenant}) written to ${file}` +
          (mail.link ? `; its link: ${mail.link}` : ''),
      );
    },
    close() {
      relay?.close();
      composer.close();
    },
  };
}
