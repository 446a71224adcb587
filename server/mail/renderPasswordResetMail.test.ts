import { describe, expect, it } from 'vitest';
import { MAIL_LANGUAGES, mailLanguage, renderPasswordResetMail } from './renderPasswordResetMail';

const input = {
  firstName: '<b>Zoé</b>',
  email: 'zoe@tessera.example',
  tenantName: 'Tessera Bank',
  link: 'http://localhost:8080/accounts/password/reset?oobCode=abc&tenant=internal',
  minutes: 60,
};

describe('renderPasswordResetMail', () => {
  it.each(MAIL_LANGUAGES)(
    'given language %s, when rendered, then every placeholder is filled',
    (language) => {
      const mail = renderPasswordResetMail(language, input);
      expect(mail.subject).toContain('Tessera');
      expect(mail.text).toContain(input.link);
      // Handed to the mailer for the operator's log line when no relay delivers the mail.
      expect(mail.link).toBe(input.link);
      expect(mail.text).toContain('60');
      expect(mail.text).not.toContain('{{');
      expect(mail.html).not.toContain('{{');
    },
  );

  it('given a name with markup, when rendered as HTML, then it is escaped', () => {
    const mail = renderPasswordResetMail('en', input);
    expect(mail.html).toContain('&lt;b&gt;Zoé&lt;/b&gt;');
    expect(mail.html).toContain('oobCode=abc&amp;tenant=internal');
  });

  it('given stored locales, when choosing a mail language, then unknown ones fall back to English', () => {
    expect(mailLanguage('es-ES')).toBe('es');
    expect(mailLanguage('fr')).toBe('fr');
    expect(mailLanguage('de')).toBe('en');
    expect(mailLanguage(null)).toBe('en');
  });
});
