import { AfterAnswer } from '../identity/afterAnswer';
import { createMailer, type Mailer } from '../mail/mailer';
import { definePlugin } from './definePlugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mails: over SMTP when SMTP_URL is set, otherwise into the operator's mail folder. */
    mailer: Mailer;
    /** Work done after the answer, such as composing and sending a reset mail. */
    afterAnswer: AfterAnswer;
  }
}

/** Decorates `app.mailer` and `app.afterAnswer`; closing the app waits for work still under way. */
export const mailerPlugin = definePlugin(
  'tessera-mailer',
  async (app) => {
    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      mailDir: app.config.mailDir,
      log: app.log,
    });
    const afterAnswer = new AfterAnswer(app.log);
    app.decorate('mailer', mailer);
    app.decorate('afterAnswer', afterAnswer);
    app.addHook('onClose', async () => {
      await afterAnswer.settled();
      mailer.close();
    });
  },
  ['tessera-database'],
);
