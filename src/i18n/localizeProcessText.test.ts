import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import {
  createProcessTextLocalizer,
  localizeProcessName,
  localizeProcessNameOfName,
  localizeTaskName,
  localizeTaskNameOfProcess,
} from './localizeProcessText';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('localizeProcessName', () => {
  it.each([
    ['es', 'Solicitud de préstamo'],
    ['fr', 'Demande de prêt'],
    ['en', 'Loan application'],
  ])('names the demo loan application in %s', async (language, expected) => {
    await i18n.changeLanguage(language);
    expect(localizeProcessName(i18n, 'loanApplication', 'Loan application')).toBe(expected);
  });

  it('keeps the deployed name of a process the locales do not know', async () => {
    await i18n.changeLanguage('es');
    expect(localizeProcessName(i18n, 'travelClaims', 'Travel claims')).toBe('Travel claims');
  });
});

describe('localizeTaskName', () => {
  it('translates a rendered template, keeping the values it carried', async () => {
    await i18n.changeLanguage('es');
    expect(localizeTaskName(i18n, 'loanOrigination', 'Approve loan of 125000 for Ana Ruiz')).toBe(
      'Aprobar el préstamo de 125000 para Ana Ruiz',
    );
    await i18n.changeLanguage('fr');
    expect(
      localizeTaskName(i18n, 'loanApplication', 'Review the application of <b>Ben</b> Okoro'),
    ).toBe('Examiner la demande de <b>Ben</b> Okoro');
    expect(localizeTaskName(i18n, 'customerOnboarding', 'Capture KYC data')).toBe(
      'Saisir les données KYC',
    );
  });

  it('leaves a name no template matches as it is', async () => {
    await i18n.changeLanguage('es');
    expect(localizeTaskName(i18n, 'loanOrigination', 'Something renamed')).toBe(
      'Something renamed',
    );
    expect(localizeTaskName(i18n, 'unknownProcess', 'Capture KYC data')).toBe('Capture KYC data');
  });

  it('has a translation for every user task of the demo processes, in every language', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = join(process.cwd(), 'fixtures/processes');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.bpmn'))) {
      const xml = readFileSync(join(dir, file), 'utf8');
      const processKey = /<process id="([^"]+)"/.exec(xml)?.[1] ?? '';
      const tasks = [...xml.matchAll(/<userTask id="([^"]+)" name="([^"]+)"/g)];
      for (const language of ['en', 'es', 'fr']) {
        expect(
          i18n.exists(`process.definitions.${processKey}.name`, { lng: language }),
          `${language} ${processKey}`,
        ).toBe(true);
        for (const [, taskId, name] of tasks) {
          const key = `process.definitions.${processKey}.tasks.${taskId}`;
          expect(i18n.exists(key, { lng: language }), `${language} ${key}`).toBe(true);
          // The English entry is the definition's own template, so rendered names match it.
          if (language === 'en') {
            expect(i18n.getResource('en', 'translation', key)).toBe(
              (name ?? '').replace(/\$\{(\w+)\}/g, '{{$1}}'),
            );
          }
        }
      }
    }
  });
});

describe('names by the process’s deployed name (task rows, notifications)', () => {
  it('translates a task and its process from the deployed process name', async () => {
    await i18n.changeLanguage('es');
    expect(
      localizeTaskNameOfProcess(i18n, 'Loan origination', 'Approve loan of 125000 for Ana Ruiz'),
    ).toBe('Aprobar el préstamo de 125000 para Ana Ruiz');
    expect(localizeProcessNameOfName(i18n, 'Loan application')).toBe('Solicitud de préstamo');
  });

  it('leaves the names of a process the locales do not know as they are', async () => {
    await i18n.changeLanguage('fr');
    expect(localizeTaskNameOfProcess(i18n, 'Travel claims', 'Capture KYC data')).toBe(
      'Capture KYC data',
    );
    expect(localizeProcessNameOfName(i18n, 'Travel claims')).toBe('Travel claims');
  });

  it('gives the same answers from a localizer made for the language, which remembers them', async () => {
    await i18n.changeLanguage('fr');
    const names = createProcessTextLocalizer(i18n);
    expect(names.taskName('Loan application', 'Review the application of Ben Okoro')).toBe(
      'Examiner la demande de Ben Okoro',
    );
    expect(names.taskName('Loan application', 'Review the application of Ben Okoro')).toBe(
      'Examiner la demande de Ben Okoro',
    );
    expect(names.processName('Loan application')).toBe('Demande de prêt');
    expect(names.taskName('Travel claims', 'Book a trip')).toBe('Book a trip');
  });
});
