import { describe, expect, it } from 'vitest';
import {
  ReadingRule,
  englishTexts,
  flowableTexts,
  parallelTexts,
  rawTimestamps,
  readScreen,
  readingContext,
  shownCodes,
  ungroupedAmounts,
  unnamedDates,
  type CodeEntry,
  type Translation,
} from './readingRules';

const TRANSLATIONS: Translation[] = [
  { en: 'Dashboard', es: 'Panel', fr: 'Tableau de bord' },
  { en: 'Total', es: 'Total', fr: 'Total' },
  {
    en: 'Approve loan of {{loanAmount}} for {{name}}',
    es: 'Aprobar préstamo de {{loanAmount}} para {{name}}',
    fr: 'Approuver le prêt de {{loanAmount}} pour {{name}}',
  },
  { en: 'Euro', es: 'Euro', fr: 'Euro' },
];
const CODES: CodeEntry[] = [
  { code: 'car', label: { en: 'Car loan', es: 'Préstamo de coche', fr: 'Prêt auto' } },
  { code: 'nationalId', label: { en: 'National ID card', es: 'DNI', fr: "Carte d'identité" } },
  { code: 'EUR', label: { en: 'Euro', es: 'Euro', fr: 'Euro' } },
  { code: 'PT', label: { en: 'Portugal', es: 'Portugal', fr: 'Portugal' } },
];
const en = readingContext('en', TRANSLATIONS, CODES, ['Tessera']);
const es = readingContext('es', TRANSLATIONS, CODES, ['Tessera']);
const fr = readingContext('fr', TRANSLATIONS, CODES, ['Tessera']);

describe('raw timestamps', () => {
  it.each([
    '2026-11-27T10:33:00.000Z',
    'Created 1795775580000',
    'Fri Nov 27 2026 22:33:00 GMT+0100',
    '11/27/2026, 10:33:00 PM',
    '27/11/2026 22:33:00',
    'Nov 27, 2026, 10:33 PM',
  ])('given %s, then it is a raw timestamp', (text) => {
    expect(rawTimestamps(text)).not.toEqual([]);
  });

  it.each(['2026-11-27 22:33', '27 Nov 2026 22:33', '27/Nov/2026 22:33', 'Nov 27, 2026 10:33 PM'])(
    'given %s, then it is not',
    (text) => {
      expect(rawTimestamps(text)).toEqual([]);
    },
  );
});

describe('dates in a format the specs name', () => {
  it.each([
    [en, 'Due 2026-11-27'],
    [en, '27/11/2026'],
    [en, '27 Nov 2026 22:33'],
    [es, '27 nov 2026'],
    [fr, '27 nov. 2026 22:33'],
    [fr, '05 janv. 2026'],
    [es, '27/nov/2026 22:33'],
    [fr, '27/janv/2026'],
    [en, 'Apr 5, 2026 3:04 PM'],
    [es, '5 de abr de 2026 15:04'],
    [fr, '5 avr. 2026 15:04'],
  ])('given %#, then the date is allowed', (context, text) => {
    expect(unnamedDates(text, context)).toEqual([]);
  });

  it.each([
    [en, '11/27/2026'],
    [en, '27.11.2026'],
    [en, 'November 27, 2026'],
    [en, 'November 2026'],
    [es, '27 de noviembre de 2026'],
    [fr, '27 Nov 2026'],
    [fr, '2026/11/27'],
  ])('given %#, then the date is reported', (context, text) => {
    expect(unnamedDates(text, context)).not.toEqual([]);
  });

  it('given an amount, a version or a phone number, then no date is seen', () => {
    expect(unnamedDates('€250 000.00, version 1.2, +34 612 345 678', en)).toEqual([]);
  });
});

describe('dictionary codes', () => {
  it('given a code alone where its label exists, then it is reported', () => {
    expect(shownCodes('car', en)).toEqual(['car']);
    expect(shownCodes('nationalId', es)).toEqual(['nationalId']);
  });

  it('given a distinctive code inside a text, then it is reported; an ordinary word is not', () => {
    expect(shownCodes('Document: nationalId', en)).toEqual(['nationalId']);
    expect(shownCodes('A car was parked', en)).toEqual([]);
  });

  it('given a code whose label is the code, or a label, then nothing is reported', () => {
    expect(shownCodes('Car loan', en)).toEqual([]);
    expect(shownCodes('Euro', en)).toEqual([]);
  });

  it('given a code whose label differs (EUR is the Euro), then it is reported', () => {
    expect(shownCodes('EUR', en)).toEqual(['EUR']);
  });
});

describe('ungrouped amounts', () => {
  it.each(['250000', '€250000.00', 'Loan of 1250000,50 €', '-30000'])(
    'given %s, then it is reported',
    (text) => {
      expect(ungroupedAmounts(text)).not.toEqual([]);
    },
  );

  it.each([
    '250 000',
    '€250 000.00',
    'CUS-000123',
    'ES-12345',
    '2026-11-27',
    'IBAN ES12345678',
    '1234',
  ])('given %s, then it is not', (text) => {
    expect(ungroupedAmounts(text)).toEqual([]);
  });
});

describe('English text in Spanish or French', () => {
  it('given an English text with a different translation, then it is reported', () => {
    expect(englishTexts('Dashboard', es)).toEqual(['Dashboard']);
    expect(englishTexts('Dashboard:', fr)).toEqual(['Dashboard:']);
    expect(englishTexts('Approve loan of 250 000 for Ana Ruiz', fr)).toHaveLength(1);
  });

  it("given a name that merely ends in a template's word, then it is not", () => {
    const withCount = readingContext(
      'es',
      [{ en: '{{formatted}} record', es: '{{formatted}} registro', fr: '{{formatted}} fiche' }],
      [],
      [],
    );
    expect(englishTexts('Customer onboarding record', withCount)).toEqual([]);
    expect(englishTexts('12 record', withCount)).toEqual(['12 record']);
  });

  it('given a text that is the same in both languages, a name, or English, then it is not', () => {
    expect(englishTexts('Total', es)).toEqual([]);
    expect(englishTexts('Euro', fr)).toEqual([]);
    expect(englishTexts('Tessera', fr)).toEqual([]);
    expect(englishTexts('Dashboard', en)).toEqual([]);
    expect(englishTexts('Panel', es)).toEqual([]);
  });
});

describe('reading a screen', () => {
  it('given segments, then each finding names the screen, the rule and the text, once, sparing excluded places', () => {
    const findings = readScreen(
      'es: panel',
      [
        { text: 'Dashboard', where: 'h1', excludedFrom: [] },
        { text: 'Dashboard', where: 'title', excludedFrom: [] },
        { text: '{"amount":250000}', where: 'td', excludedFrom: [ReadingRule.ungroupedAmount] },
        { text: '250000', where: 'td', excludedFrom: [] },
      ],
      es,
    );
    expect(findings).toEqual([
      { screen: 'es: panel', rule: ReadingRule.englishText, text: 'Dashboard', where: 'h1' },
      { screen: 'es: panel', rule: ReadingRule.ungroupedAmount, text: '250000', where: 'td' },
    ]);
  });
});

describe('where the texts come from', () => {
  it('given locale trees, then their strings are paired by key', () => {
    expect(parallelTexts({ a: { b: 'Yes' } }, { a: { b: 'Sí' } }, { a: { b: 'Oui' } })).toEqual([
      { en: 'Yes', es: 'Sí', fr: 'Oui' },
    ]);
  });

  it('given a Flowable form and its sidecar, then fields, options and outcomes are paired', () => {
    const form = {
      name: 'Valuation',
      fields: [
        {
          id: 'row',
          fields: { 1: [{ id: 'kind', name: 'Kind', options: [{ id: 'car', name: 'Vehicle' }] }] },
        },
      ],
      outcomes: [{ id: 'send', name: 'Send' }],
    };
    const sidecar = {
      es: {
        name: 'Tasación',
        fields: { kind: { name: 'Tipo', options: { car: 'Vehículo' } } },
        outcomes: { send: 'Enviar' },
      },
    };
    expect(flowableTexts(form, sidecar)).toEqual([
      { en: 'Valuation', es: 'Tasación' },
      { en: 'Kind', es: 'Tipo' },
      { en: 'Vehicle', es: 'Vehículo' },
      { en: 'Send', es: 'Enviar' },
    ]);
  });
});
