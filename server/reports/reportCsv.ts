import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReportType } from '../../schemas/api/reports';
import type { NormalizedField } from '../../schemas/forms';
import { localizeText } from '../../src/core/forms/compiler/localizeText';
import { formatAmount, formatNumber, formatPercent, formatReportDate } from '../../src/core/format';
import { FIELD_CATALOG } from '../../plugins/catalog';
import { dictionaryNameOf, type DictionarySet } from '../../src/core/forms/fields/dictionaries';
import { showsPercent } from '../../src/core/forms/fields/showsPercent';
import { projectPath } from '../paths';
import { choiceLabel } from './choiceLabel';
import type { CompletedInstanceReport } from './completedReports';
import { toCsv } from './csv';

/**
 * The CSV's own words, from `locales/<language>/reports.json` (`csv` and `title`), and the
 * yes and no every boolean field shows, from `fields.json`.
 */
interface CsvTexts {
  csv: Record<
    'section' | 'field' | 'value' | 'name' | 'startedBy' | 'startDate' | 'endDate' | 'businessKey',
    string
  >;
  title: Record<ReportType, string>;
  boolean: Record<'yes' | 'no', string>;
}

const cache = new Map<string, CsvTexts>();

const localeFile = (language: string, file: string): unknown =>
  JSON.parse(readFileSync(join(projectPath('locales'), language, file), 'utf8'));

function textsFor(language: string): CsvTexts {
  let texts = cache.get(language);
  if (!texts) {
    const reports = localeFile(language, 'reports.json') as Omit<CsvTexts, 'boolean'>;
    const fields = localeFile(language, 'fields.json') as Pick<CsvTexts, 'boolean'>;
    texts = { ...reports, boolean: fields.boolean };
    cache.set(language, texts);
  }
  return texts;
}

/**
 * An instant (`2026-03-05T14:30:00.000Z`) as a report date (spec 001 section 9:
 * `DD/MMM/YYYY`, with `HH:mm` for loan applications), the month in the language. It is read
 * on the UTC clock the column headings name, since the server's own time zone is nobody's.
 */
function reportMoment(iso: string, language: string, withTime: boolean): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return formatReportDate(instant.toISOString().slice(0, 16), language, withTime);
}

/** A text value as its field's plugin shows it in a report (a day as a report date), or as typed. */
function reportFieldText(field: NormalizedField, text: string, language: string): string {
  return FIELD_CATALOG.rulesOf(field.type).reportText?.(text, language) ?? text;
}

/**
 * A number as its field shows it: a ratio the form shows as a percentage as one (0.0548 as
 * `5,48 %`), an amount with two decimals and its currency where the field names one
 * (`307 000,00 €`), any other number with a space between thousands and the language's
 * decimal separator.
 */
function numberText(field: NormalizedField, value: number, language: string): string {
  if (showsPercent(field.config)) return formatPercent(value, language);
  if (field.config.numberKind === 'amount') {
    const { currency } = field.config;
    return formatAmount(value, language, typeof currency === 'string' ? currency : undefined);
  }
  return formatNumber(value, undefined, language);
}

/**
 * A field's value as a person reads it: a choice (or a dictionary code) as its label in the
 * language, a number as its field shows it (percentage, amount or grouped number), a date as
 * a report date, a yes/no in words, several choices joined by `; `, a file by its name,
 * anything else as JSON.
 */
function valueText(
  field: NormalizedField,
  value: unknown,
  language: string,
  texts: CsvTexts,
  dictionaries: DictionarySet,
): string {
  if (value === null || value === undefined) return '';
  const chooses = field.options !== undefined || dictionaryNameOf(field) !== undefined;
  const label = (item: unknown): string => {
    if (chooses && typeof item !== 'object')
      return choiceLabel(field, item, language, dictionaries);
    if (typeof item === 'string') return reportFieldText(field, item, language);
    if (typeof item === 'number') return numberText(field, item, language);
    if (typeof item === 'boolean') return item ? texts.boolean.yes : texts.boolean.no;
    if (typeof item === 'object' && item !== null && 'name' in item) {
      const name = (item as { name: unknown }).name;
      if (typeof name === 'string') return name;
    }
    return JSON.stringify(item);
  };
  return Array.isArray(value) && chooses ? value.map(label).join('; ') : label(value);
}

/** The file name of a report's CSV: `{type}_report_{timestamp}.csv`, the moment in UTC. */
export function reportCsvFileName(type: ReportType, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `${type}_report_${stamp}.csv`;
}

/**
 * The CSV of one completed instance (spec 001 section 9): three columns, section, field and
 * value, headed in the language; first the instance's name, starter, start and end date
 * (report dates on the UTC clock, with the time for loan applications) and its case number
 * once it has one, then every field of every completed task, the section naming the task
 * (and a combined task's part). Cells are escaped and guarded by {@link toCsv}.
 */
export function reportCsv(
  type: ReportType,
  report: CompletedInstanceReport,
  language: string,
): string {
  const texts = textsFor(language);
  const { instance } = report;
  const heading = texts.title[type];
  const withTime = type === 'loanApplication';
  const rows: string[][] = [
    [texts.csv.section, texts.csv.field, texts.csv.value],
    [heading, texts.csv.name, instance.name],
    [heading, texts.csv.startedBy, instance.startedBy.fullName],
    [heading, texts.csv.startDate, reportMoment(instance.started, language, withTime)],
    [heading, texts.csv.endDate, reportMoment(instance.ended, language, withTime)],
    ...(instance.businessKey ? [[heading, texts.csv.businessKey, instance.businessKey]] : []),
  ];
  for (const task of report.tasks) {
    for (const entry of task.forms) {
      const title = entry.title === null ? '' : localizeText(entry.title, language);
      const section = title ? `${task.name} / ${title}` : task.name;
      for (const field of entry.form.sections.flatMap((part) => part.fields)) {
        if (field.valueType === 'none') continue;
        rows.push([
          section,
          localizeText(field.label, language) || field.id,
          valueText(field, entry.values[field.id], language, texts, report.dictionaries),
        ]);
      }
    }
  }
  return toCsv(rows);
}
