import { createMailer, type Mailer } from '../mail/mailer';
import { definePlugin } from './definePlugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mails through the outbox (and SMTP when SMTP_URL is set). */
    mailer: Mailer;
  }
}

/** Decorates `app.mailer`; closing the app waits for mails still on their way. */
export const mailerPlugin = definePlugin(
  'tessera-mailer',
  async (app) => {
    const mailer = createMailer({
      db: app.database.db,
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  ['tessera-database'],
);
