import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalysisChartData } from '../../schemas/api/analysis';
import type { ObjectDefinition } from '../../schemas/api/records';
import { formatNumber } from '../../src/core/format';
import { localizeText } from '../../src/core/forms/compiler/localizeText';
import { escapeHtml } from '../html';
import { projectPath } from '../paths';

/** The page's words, from `locales/<language>/analysis.json` (`analysis.page`). */
type PageTexts = Record<
  | 'title'
  | 'total_one'
  | 'total_other'
  | 'byStatus'
  | 'byMonth'
  | 'value'
  | 'count'
  | 'month'
  | 'amount'
  | 'empty'
  | 'noData',
  string
>;

const cache = new Map<string, PageTexts>();

function textsFor(language: string): PageTexts {
  let texts = cache.get(language);
  if (!texts) {
    const file = join(projectPath('locales'), language, 'analysis.json');
    texts = (JSON.parse(readFileSync(file, 'utf8')) as { page: PageTexts }).page;
    cache.set(language, texts);
  }
  return texts;
}

/** Replaces `{{name}}` with escaped values. */
function fill(template: string, values: Record<string, string>): string {
  return escapeHtml(template).replace(/\{\{(\w+)\}\}/g, (_match, name: string) =>
    escapeHtml(values[name] ?? ''),
  );
}

/**
 * An amount as the charts show it: a space between thousands and the language's decimal
 * separator (spec 001 section 9), its cents only when it has some (`1 500`, `1 500,50`).
 */
function amountText(value: number, language: string): string {
  const cents = Math.round(value * 100) / 100;
  return formatNumber(cents, Number.isInteger(cents) ? 0 : 2, language);
}

/** The locale whose month names a page language uses. */
const MONTH_LOCALES = { en: 'en-GB', es: 'es-ES', fr: 'fr-FR' } as const;

/**
 * A `YYYY-MM` month as people read it in the language (`Aug 2026`, `ago 2026`,
 * `août 2026`); anything else as it came.
 */
export function monthLabel(month: string, language: keyof typeof MONTH_LOCALES): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const [, year, number] = match;
  const format = new Intl.DateTimeFormat(MONTH_LOCALES[language], {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.format(new Date(Date.UTC(Number(year), Number(number) - 1, 1)));
}

const WIDTH = 640;
const BAR_HEIGHT = 24;
const LABEL_WIDTH = 180;

/** A horizontal bar chart: one labelled bar per row, its value at the end. */
function barChart(
  id: string,
  rows: readonly { label: string; value: number; text: string }[],
  colour: string,
): string {
  const max = Math.max(1, ...rows.map((row) => row.value));
  const height = rows.length * (BAR_HEIGHT + 8) + 8;
  const bars = rows
    .map((row, index) => {
      const y = 8 + index * (BAR_HEIGHT + 8);
      const width = Math.max(2, Math.round(((WIDTH - LABEL_WIDTH - 90) * row.value) / max));
      return (
        `<text x="${LABEL_WIDTH - 8}" y="${y + 16}" text-anchor="end">${escapeHtml(row.label)}</text>` +
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${width}" height="${BAR_HEIGHT}" rx="3" fill="${colour}"></rect>` +
        `<text x="${LABEL_WIDTH + width + 6}" y="${y + 16}">${escapeHtml(row.text)}</text>`
      );
    })
    .join('');
  // On a phone the chart keeps a readable size and scrolls sideways in its own box, which
  // the keyboard can reach and scroll; the page itself never gets wider than the frame.
  return (
    `<div class="chart-scroll" tabindex="0" role="group" aria-labelledby="${id}">` +
    `<svg class="chart" role="img" aria-labelledby="${id}" viewBox="0 0 ${WIDTH} ${height}" ` +
    `width="100%" font-family="system-ui, sans-serif" font-size="13" fill="#1c2127">${bars}</svg>` +
    `</div>`
  );
}

/** The figures again as a table, for screen readers and for copying a number. */
function figureTable(headers: [string, string], rows: readonly [string, string][]): string {
  const body = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return (
    `<table><thead><tr><th scope="col">${escapeHtml(headers[0])}</th>` +
    `<th scope="col">${escapeHtml(headers[1])}</th></tr></thead><tbody>${body}</tbody></table>`
  );
}

/** What the page draws: the object, its fields' keys, the figures and the language. */
export interface ChartsPageInput {
  definition: ObjectDefinition;
  fields: { status: string; amount: string; date: string };
  data: AnalysisChartData;
  language: 'en' | 'es' | 'fr';
  /** The stylesheet's address. */
  stylesheet: string;
  /**
   * A stored status value's label in the language (a dictionary code's label); the value as
   * stored when left out.
   */
  statusLabel?: (value: string) => string;
}

/**
 * The demo's analysis report: a plain HTML page with two SVG charts (records by status,
 * amounts by month) and their figures as tables. No script at all, so the strict CSP holds
 * inside the frame too; every text from data is escaped.
 */
export function renderChartsPage(input: ChartsPageInput): string {
  const { definition, data, language } = input;
  const texts = textsFor(language);
  const label = localizeText(definition.label, language);
  const fieldLabel = (key: string) =>
    localizeText(definition.fields.find((field) => field.key === key)?.label ?? key, language);
  const title = fill(texts.title, { label });
  const total = fill(data.total === 1 ? texts.total_one : texts.total_other, {
    formatted: formatNumber(data.total, 0, language),
  });
  const statusRows = data.byStatus.map((row) => ({
    label: row.status === '' ? texts.empty : (input.statusLabel?.(row.status) ?? row.status),
    value: row.count,
    text: formatNumber(row.count, 0, language),
  }));
  const monthRows = data.byMonth.map((row) => ({
    label: monthLabel(row.month, language),
    value: row.amount,
    text: amountText(row.amount, language),
  }));
  const byStatus = fill(texts.byStatus, { field: fieldLabel(input.fields.status) });
  const byMonth = fill(texts.byMonth, {
    amount: fieldLabel(input.fields.amount),
    date: fieldLabel(input.fields.date),
  });
  const sections =
    data.total === 0
      ? `<p>${escapeHtml(texts.noData)}</p>`
      : `<section aria-labelledby="by-status"><h2 id="by-status">${byStatus}</h2>` +
        barChart('by-status', statusRows, definition.colour) +
        figureTable(
          [texts.value, texts.count],
          statusRows.map((row) => [row.label, row.text]),
        ) +
        `</section><section aria-labelledby="by-month"><h2 id="by-month">${byMonth}</h2>` +
        barChart('by-month', monthRows, '#2d72d2') +
        figureTable(
          [texts.month, texts.amount],
          monthRows.map((row) => [row.label, row.text]),
        ) +
        `</section>`;
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title}</title><link rel="stylesheet" href="${escapeHtml(input.stylesheet)}"></head>` +
    `<body><main><h1>${title}</h1><p data-testid="analysis-total">${total}</p>${sections}</main></body></html>`
  );
}

/** The charts page's stylesheet (served from this origin: the CSP allows no inline style). */
export const CHARTS_PAGE_CSS = `
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1c2127; background: #fff; }
main { padding: 16px 24px; max-width: 760px; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 24px 0 8px; }
.chart-scroll { overflow-x: auto; max-width: 640px; }
.chart-scroll:focus-visible { outline: 2px solid #2d72d2; outline-offset: 2px; }
.chart { display: block; min-width: 520px; }
@media (max-width: 480px) { main { padding: 12px 16px; } }
table { border-collapse: collapse; margin-top: 8px; font-size: 13px; }
th, td { text-align: left; padding: 2px 12px 2px 0; }
td, thead th:last-child { text-align: right; font-variant-numeric: tabular-nums; }
td { white-space: nowrap; }
`;
