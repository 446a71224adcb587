import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../src/core/format';

/** The rules a screen's text is read against, named as the findings report them. */
export const ReadingRule = {
  rawTimestamp: 'raw timestamp',
  dateFormat: 'date in a format the specs do not name',
  dictionaryCode: 'dictionary code where a label exists',
  ungroupedAmount: 'ungrouped amount',
  englishText: 'English text',
} as const;
/** One of `ReadingRule`. */
export type ReadingRule = (typeof ReadingRule)[keyof typeof ReadingRule];

/** One piece of text a screen shows or says: a text node, a value, a label of a control. */
export interface Segment {
  /** The text, as the page has it. */
  text: string;
  /** Where it sits (the nearest test id or element), so a finding can be found again. */
  where: string;
  /** The named exclusions whose place holds the segment (see the walk's exclusion list). */
  excludedFrom: readonly ReadingRule[];
}

/** A text that breaks a rule on a screen. */
export interface ReadingFinding {
  screen: string;
  rule: ReadingRule;
  text: string;
  where: string;
}

/** A dictionary entry as the demo seeds it: its code and its label by language. */
export interface CodeEntry {
  code: string;
  label: Readonly<Record<string, string>>;
}

/** What the rules of one language need, built once per language by `readingContext`. */
export interface ReadingContext {
  language: string;
  /** Every allowed way to write a date (with or without a time), as whole-text patterns. */
  allowedDates: readonly RegExp[];
  /** Date-like tokens of any language: what must match one of `allowedDates`. */
  dateLike: RegExp;
  /** Codes whose label in this language differs from the code. */
  labelledCodes: ReadonlySet<string>;
  /** Texts that are legitimately shown in this language (labels, translations), never codes. */
  shownTexts: ReadonlySet<string>;
  /** English texts that have a different translation in this language, whole. */
  englishTexts: ReadonlySet<string>;
  /** English texts with `{{variables}}`, as patterns of the whole text, with their own letters. */
  englishTemplates: readonly { pattern: RegExp; letters: number }[];
}

/** A text that the three languages say, one of them maybe missing. */
export interface Translation {
  en: string;
  es?: string | undefined;
  fr?: string | undefined;
}

const LANGUAGES = ['en', 'es', 'fr'] as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The month names of a language as dayjs (and so the app) writes them: short and long. */
function monthNames(language: string): { short: string[]; long: string[] } {
  const months = Array.from({ length: 12 }, (_, month) =>
    dayjs(new Date(2026, month, 5)).locale(language),
  );
  return {
    short: months.map((moment) => moment.format('MMM')),
    long: months.map((moment) => moment.format('MMMM')),
  };
}

const alternation = (names: readonly string[]) =>
  `(?:${[...new Set(names)]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})`;

/**
 * A dayjs format as a pattern of the whole text: each token is the digits or names it
 * writes, `[...]` is literal. `dropMonthDot` writes short months without their final dot, as
 * the reports do.
 */
export function formatPattern(format: string, language: string, dropMonthDot = false): RegExp {
  const { short, long } = monthNames(language);
  const shortNames = dropMonthDot ? short.map((name) => name.replace(/\.$/, '')) : short;
  const tokens: Record<string, string> = {
    YYYY: '\\d{4}',
    MMMM: alternation(long),
    MMM: alternation(shortNames),
    MM: '(?:0[1-9]|1[0-2])',
    DD: '(?:0[1-9]|[12]\\d|3[01])',
    D: '(?:[1-9]|[12]\\d|3[01])',
    HH: '(?:[01]\\d|2[0-3])',
    H: '(?:1?\\d|2[0-3])',
    hh: '(?:0[1-9]|1[0-2])',
    h: '(?:1[0-2]|[1-9])',
    mm: '[0-5]\\d',
    A: '(?:AM|PM)',
  };
  const source = format.replace(
    /\[([^\]]*)]|YYYY|MMMM|MMM|MM|DD|D|HH|H|hh|h|mm|A|[^[\]A-Za-z]+|[A-Za-z]/g,
    (match: string, literal: string | undefined) => {
      if (literal !== undefined) return escapeRegExp(literal);
      return tokens[match] ?? escapeRegExp(match);
    },
  );
  return new RegExp(`^${source}$`, 'i');
}

/** dayjs's `lll` of a language, worked out as its localizedFormat plugin does. */
export function shortLocalizedFormat(language: string): string {
  const formats = (dayjs.Ls[language] as { formats?: Record<string, string> } | undefined)?.formats;
  const long = formats?.LLL ?? 'MMMM D, YYYY h:mm A';
  return long.replace(/(\[[^\]]+])|(MMMM|MM|DD|dddd)/g, (_, literal: string, token: string) =>
    literal ? literal : token.slice(1),
  );
}

/**
 * The ways the specs and the formatting module write a date (src/core/format): typed
 * DD/MM/YYYY; YYYY-MM-DD in lists and the task header (with HH:mm for a stamped name);
 * DD MMM YYYY (with HH:mm where the specs name no format for a moment); the reports'
 * DD/MMM/YYYY with HH:mm for loan applications; the comments' shared timestamp (`lll`).
 */
export function allowedDatePatterns(language: string): RegExp[] {
  return [
    formatPattern('DD/MM/YYYY', language),
    formatPattern('YYYY-MM-DD', language),
    formatPattern('YYYY-MM-DD HH:mm', language),
    formatPattern(DATE_FORMAT, language),
    formatPattern(DATE_TIME_FORMAT, language),
    formatPattern('DD/MMM/YYYY', language, true),
    formatPattern('DD/MMM/YYYY HH:mm', language, true),
    formatPattern(shortLocalizedFormat(language), language),
  ];
}

/**
 * What reads as a date in any of the three languages, with a time after it if there is one:
 * three numbers with one separator (`27/11/2026`, `2026-11-27`, `11.27.26`), or a day, a
 * month's name and a year in any order the languages use (`27 nov. 2026`, `Nov 27, 2026`,
 * `5 de abr de 2026`, `27/Nov/2026`), or a month's name and a year (`November 2026`).
 */
export function dateLikePattern(): RegExp {
  const names = LANGUAGES.flatMap((language) => {
    const { short, long } = monthNames(language);
    return [...short, ...short.map((name) => name.replace(/\.$/, '')), ...long];
  });
  const month = `${alternation(names)}\\.?`;
  const time = '(?:,?\\s(?:à\\s)?\\d{1,2}:\\d{2}(?::\\d{2})?(?:\\s?[AaPp]\\.?[Mm]\\.?)?)?';
  const numeric =
    '(?:\\d{4}([-/.])\\d{1,2}\\1\\d{1,2}|\\d{1,2}([-/.])\\d{1,2}\\2(?:\\d{4}|\\d{2}))(?![\\d/.-]\\d)';
  const named = [
    `\\d{1,2}(?:\\s+de)?[\\s/]+${month}(?:\\s+de)?[\\s/,]+\\d{4}`,
    `${month}\\s+\\d{1,2},?\\s+\\d{4}`,
    `${month}\\s+\\d{4}`,
  ].join('|');
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${numeric}|(?:${named}))(?![\\p{L}\\p{N}])${time}`,
    'giu',
  );
}

/** Raw timestamps: ISO, epoch milliseconds, and the browser's default ways to write a moment. */
const RAW_TIMESTAMPS: readonly RegExp[] = [
  // ISO 8601 with its `T`: 2026-11-27T10:33.
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/,
  // Epoch milliseconds of this century's first decades.
  /(?<![\p{L}\p{N}])1\d{12}(?![\p{N}])/u,
  // Date.prototype.toString: Fri Nov 27 2026 22:33:00 GMT+0100.
  /GMT[+-]\d{4}/,
  // toLocaleString: 11/27/2026, 10:33:00 PM; 27/11/2026, 22:33:00; 27/11/2026 22:33:00.
  /\d{1,2}\/\d{1,2}\/\d{4},?\s\d{1,2}:\d{2}/,
  // Intl's medium date and short time in English: Nov 27, 2026, 10:33 PM.
  /\b[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}, \d{1,2}:\d{2}/,
  // Seconds: no format the specs name shows them.
  /(?<![\p{N}:])\d{1,2}:\d{2}:\d{2}(?![\p{N}])/u,
];

/**
 * Codes that are also ordinary words or language tags, which a text may say as words: they
 * count as codes only when they are the whole text of a segment (a cell, a value, a chip),
 * where a word alone would not stand. Distinctive codes (camelCase, hyphenated, three or
 * more capitals: `nationalId`, `madrid-centro`, `OTHER`) count anywhere as whole tokens.
 */
function isDistinctiveCode(code: string): boolean {
  return /[a-z][A-Z]/.test(code) || /\p{L}-\p{L}/u.test(code) || /^[A-Z]{3,}$/.test(code);
}

/** How many letters a text has. */
function letterCount(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

/** Collapses the white space of a text and trims it. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Builds what the rules of one language need. */
export function readingContext(
  language: string,
  translations: readonly Translation[],
  codes: readonly CodeEntry[],
  names: readonly string[],
): ReadingContext {
  const shownTexts = new Set<string>();
  for (const translation of translations) {
    const text = translation[language as keyof Translation];
    if (text) shownTexts.add(normalise(text));
  }
  for (const entry of codes) {
    const label = entry.label[language];
    if (label) shownTexts.add(normalise(label));
  }
  const labelledCodes = new Set(
    codes
      .filter((entry) => {
        const label = entry.label[language];
        return label !== undefined && label !== entry.code;
      })
      .map((entry) => entry.code),
  );
  const englishTexts = new Set<string>();
  const englishTemplates: { pattern: RegExp; letters: number }[] = [];
  if (language !== 'en') {
    const allEntries: Translation[] = [
      ...translations,
      ...codes.map((entry) => ({
        en: entry.label.en ?? '',
        es: entry.label.es,
        fr: entry.label.fr,
      })),
    ];
    const nameSet = new Set(names);
    for (const entry of allEntries) {
      const english = normalise(entry.en);
      const translated = entry[language as 'es' | 'fr'];
      if (!translated || normalise(translated) === english) continue;
      if (nameSet.has(english) || shownTexts.has(english)) continue;
      // A text without a word (a sign, a number, a placeholder alone) is the same in any language.
      if (!/\p{L}{2,}/u.test(english.replace(/\{\{[^}]*\}\}/g, ''))) continue;
      if (english.includes('{{')) {
        const literal = english.replace(/\{\{[^}]*\}\}/g, '');
        // A template with less than a word of its own would match any text.
        if (letterCount(literal) < 4) continue;
        const source = english
          .split(/(\{\{[^}]*\}\})/)
          .map((part) => (part.startsWith('{{') ? '.+?' : escapeRegExp(part)))
          .join('');
        englishTemplates.push({
          pattern: new RegExp(`^${source}$`, 'u'),
          letters: letterCount(literal),
        });
      } else {
        englishTexts.add(english);
      }
    }
  }
  return {
    language,
    allowedDates: allowedDatePatterns(language),
    dateLike: dateLikePattern(),
    labelledCodes,
    shownTexts,
    englishTexts,
    englishTemplates,
  };
}

/** The raw timestamp in a text, if there is one. */
export function rawTimestamps(text: string): string[] {
  // The first pattern that matches names it; the later ones would name parts of the same.
  for (const pattern of RAW_TIMESTAMPS) {
    const match = pattern.exec(text);
    if (match) return [match[0]];
  }
  return [];
}

/** The date-like tokens of a text that no allowed pattern writes. */
export function unnamedDates(text: string, context: ReadingContext): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(context.dateLike)) {
    const token = normalise(match[0]);
    if (!context.allowedDates.some((pattern) => pattern.test(token))) found.push(token);
  }
  return found;
}

/** Dictionary codes a text shows where their label should be. */
export function shownCodes(text: string, context: ReadingContext): string[] {
  const whole = normalise(text);
  if (context.shownTexts.has(whole)) return [];
  if (context.labelledCodes.has(whole)) return [whole];
  const found: string[] = [];
  for (const token of whole.split(/[^\p{L}\p{N}_-]+/u)) {
    if (context.labelledCodes.has(token) && isDistinctiveCode(token)) found.push(token);
  }
  return found;
}

/**
 * Numbers of five or more digits in their integer part written without the space between
 * thousands. A token with letters (`CUS-000123`, `ES-12345`) is a reference, not a number;
 * digits after a `T` or `:` belong to a timestamp, which its own rule reports.
 */
export function ungroupedAmounts(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(
    /(?<![\p{L}\p{N}_./:-]|[\p{L}\p{N}][-/])[-+]?\d{5,}(?:[.,]\d+)?(?![\p{L}\p{N}_]|[-/:]\p{N})/gu,
  )) {
    found.push(match[0]);
  }
  return found;
}

/** English texts a Spanish or French screen shows where a translation exists. */
export function englishTexts(text: string, context: ReadingContext): string[] {
  if (context.language === 'en') return [];
  const whole = normalise(text);
  if (context.shownTexts.has(whole)) return [];
  // A label's colon or a required field's star is not part of its translation.
  const bare = whole.replace(/\s*[:*]$/, '');
  if (context.englishTexts.has(whole) || context.englishTexts.has(bare)) return [whole];
  // A template counts when its own words are most of the text: `{{formatted}} record` must
  // not claim a name that merely ends in `record`.
  const letters = letterCount(whole);
  if (
    context.englishTemplates.some(
      (template) => template.letters * 2 >= letters && template.pattern.test(whole),
    )
  ) {
    return [whole];
  }
  return [];
}

/** Every finding of the segments of one screen, each text once per rule. */
export function readScreen(
  screen: string,
  segments: readonly Segment[],
  context: ReadingContext,
): ReadingFinding[] {
  const findings: ReadingFinding[] = [];
  const seen = new Set<string>();
  const report = (rule: ReadingRule, text: string, where: string) => {
    const key = `${rule}\u0000${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    findings.push({ screen, rule, text, where });
  };
  for (const segment of segments) {
    const checks: [ReadingRule, (text: string) => string[]][] = [
      [ReadingRule.rawTimestamp, rawTimestamps],
      [ReadingRule.dateFormat, (text) => unnamedDates(text, context)],
      [ReadingRule.dictionaryCode, (text) => shownCodes(text, context)],
      [ReadingRule.ungroupedAmount, ungroupedAmounts],
      [ReadingRule.englishText, (text) => englishTexts(text, context)],
    ];
    for (const [rule, check] of checks) {
      if (segment.excludedFrom.includes(rule)) continue;
      for (const offending of check(segment.text)) {
        report(
          rule,
          offending === segment.text ? offending : `${offending} in "${normalise(segment.text)}"`,
          segment.where,
        );
      }
    }
  }
  return findings;
}

/** The findings as one message: screen, rule and text, a line each. */
export function formatReadingFindings(findings: readonly ReadingFinding[]): string {
  if (findings.length === 0) return 'none';
  return findings
    .map((finding) => `[${finding.screen}] ${finding.rule}: ${finding.text}  (at ${finding.where})`)
    .join('\n');
}

/**
 * Every string of a JSON tree whose three language versions sit side by side: locale files
 * walked in parallel (the English tree leads), and objects with `en`, `es` and `fr` texts
 * (designer forms, dictionaries).
 */
export function parallelTexts(english: unknown, spanish: unknown, french: unknown): Translation[] {
  const found: Translation[] = [];
  const visit = (en: unknown, es: unknown, fr: unknown) => {
    if (typeof en === 'string') {
      found.push({
        en,
        es: typeof es === 'string' ? es : undefined,
        fr: typeof fr === 'string' ? fr : undefined,
      });
      return;
    }
    if (!en || typeof en !== 'object') return;
    for (const [key, value] of Object.entries(en)) {
      const child = (node: unknown) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
      visit(value, child(es), child(fr));
    }
  };
  visit(english, spanish, french);
  return found;
}

/** The `{ en, es, fr }` objects anywhere in a JSON tree (a designer form's texts). */
export function languageObjects(tree: unknown): Translation[] {
  const found: Translation[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (
      typeof record.en === 'string' &&
      (typeof record.es === 'string' || typeof record.fr === 'string')
    ) {
      found.push({
        en: record.en,
        es: typeof record.es === 'string' ? record.es : undefined,
        fr: typeof record.fr === 'string' ? record.fr : undefined,
      });
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(tree);
  return found;
}

/** A Flowable form's translation sidecar: per language, the form's and each field's texts. */
type Sidecar = Record<
  string,
  {
    name?: string;
    description?: string;
    fields?: Record<string, Record<string, unknown>>;
    outcomes?: Record<string, string>;
  }
>;

/**
 * The texts of a Flowable form model (English, as deployed) beside its sidecar's Spanish and
 * French: the form's name and description, each field's name, placeholder, display text and
 * options (by option id or English name), and the outcomes.
 */
export function flowableTexts(form: unknown, sidecar: Sidecar): Translation[] {
  const byId = new Map<string, Record<string, unknown>>();
  const collect = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(collect);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'string' && !byId.has(record.id)) byId.set(record.id, record);
    Object.values(record).forEach(collect);
  };
  const root = (form ?? {}) as Record<string, unknown>;
  collect(root.fields);
  const found: Translation[] = [];
  const add = (en: unknown, language: string, text: unknown) => {
    if (typeof en !== 'string' || typeof text !== 'string') return;
    found.push({ en, [language]: text } as Translation);
  };
  for (const [language, texts] of Object.entries(sidecar)) {
    add(root.name, language, texts.name);
    add(root.description, language, texts.description);
    for (const [fieldId, fieldTexts] of Object.entries(texts.fields ?? {})) {
      const field = byId.get(fieldId);
      if (!field) continue;
      for (const [key, text] of Object.entries(fieldTexts)) {
        if (key !== 'options') add(field[key], language, text);
      }
      const options = (fieldTexts.options ?? {}) as Record<string, string>;
      const fieldOptions = Array.isArray(field.options)
        ? (field.options as Record<string, unknown>[])
        : [];
      for (const [optionKey, text] of Object.entries(options)) {
        const option = fieldOptions.find(
          (candidate) => candidate.id === optionKey || candidate.name === optionKey,
        );
        add(option?.name ?? optionKey, language, text);
      }
    }
    const outcomes = Array.isArray(root.outcomes)
      ? (root.outcomes as Record<string, unknown>[])
      : [];
    for (const [outcomeId, text] of Object.entries(texts.outcomes ?? {})) {
      add(outcomes.find((outcome) => outcome.id === outcomeId)?.name, language, text);
    }
  }
  return found;
}
