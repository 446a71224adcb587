import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { addressOf, decodeHeaderValue, parseMailFile } from './parseMailFile';

/** The message nodemailer composes, as the mailer writes it to the mail folder. */
async function composed(mail: { subject: string; text: string; html?: string }): Promise<string> {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  const info = await transport.sendMail({
    from: 'Tessera <no-reply@tessera.localhost>',
    to: 'claire.dubois@tessera.example',
    headers: { 'X-Tessera-Tenant': 'internal' },
    ...mail,
  });
  return String(info.message);
}

const LINK = `http://localhost:8080/accounts/password/reset?oobCode=${'a'.repeat(43)}&tenant=internal`;

describe('parseMailFile', () => {
  it('given a French reset mail with text and HTML, when read, then the subject and the plain text come back whole', async () => {
    const text = `Bonjour Claire,\n\nRéinitialiser : ${LINK}\n\nÀ bientôt, l'équipe Tessera ${'é'.repeat(90)}\n`;
    const mail = parseMailFile(
      await composed({
        subject: 'Réinitialisez votre mot de passe Tessera',
        text,
        html: `<p><a href="${LINK}">x</a></p>`,
      }),
    );
    expect(mail.headers.get('subject')).toBe('Réinitialisez votre mot de passe Tessera');
    expect(mail.headers.get('to')).toBe('claire.dubois@tessera.example');
    expect(mail.headers.get('x-tessera-tenant')).toBe('internal');
    expect(mail.text).toBe(text);
  });

  it('given a plain ASCII mail without HTML, when read, then its text is the body', async () => {
    const mail = parseMailFile(await composed({ subject: 'Hello', text: 'Just text.\n' }));
    expect(mail.text).toBe('Just text.\n');
  });

  it('given encoded words in both encodings, when decoded, then the space between them is dropped', () => {
    expect(decodeHeaderValue('=?UTF-8?Q?R=C3=A9initialisez?= =?UTF-8?B?IHZvdHJl?= mot')).toBe(
      'Réinitialisez votre mot',
    );
  });

  it('given a named address, when read, then the bare address comes back', () => {
    expect(addressOf('"Claire Dubois" <claire.dubois@tessera.example>')).toBe(
      'claire.dubois@tessera.example',
    );
    expect(addressOf('claire.dubois@tessera.example')).toBe('claire.dubois@tessera.example');
  });
});
