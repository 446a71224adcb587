import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** Spaces as the formatter writes them, read as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/gu, ' ');

describe('numbers in messages', () => {
  it.each([
    ['en', '12 345 completed instances'],
    ['es', '12 345 instancias completadas'],
    ['fr', '12 345 instances terminées'],
  ])(
    'given 12345 completed instances, when counted in %s, then the count reads grouped',
    async (language, expected) => {
      await i18n.changeLanguage(language);
      expect(plain(i18n.t('reports.count', { count: 12345 }))).toBe(expected);
    },
  );

  it('given a decimal in French, when put in a message, then it takes the French decimal comma', async () => {
    await i18n.changeLanguage('fr');
    expect(plain(i18n.t('dashboard.tabCount', { count: 1234.5 }))).toMatch(/^1 234,5 /u);
  });

  it('given text, when put in a message, then it is left as it is', () => {
    expect(i18n.t('dashboard.multiAssignSuccessMsg', { count: 2, name: '12345 Ana' })).toBe(
      '2 tasks reassigned to 12345 Ana.',
    );
  });
});
