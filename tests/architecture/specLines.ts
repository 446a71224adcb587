import { createHash } from 'node:crypto';

/** The two requirement documents, by the number their file names start with. */
export const SPEC_IDS = ['000', '001'] as const;

/** One of the requirement documents. */
export type SpecId = (typeof SPEC_IDS)[number];

/**
 * What a line of a spec is: a section line (a heading, a bold label or a short lead-in such as
 * "Columns:") only structures the text; a requirement line states something and needs a test.
 * Blank lines, a table's header row (two documents share "| Route | Purpose |") and its
 * separator are neither.
 */
export type SpecLineKind = 'section' | 'requirement';

/** A non-blank, non-separator line of a spec, as the table lists it. */
export interface SpecLine {
  /** The document the line belongs to. */
  spec: SpecId;
  /** 1-based, as an editor shows it. */
  line: number;
  kind: SpecLineKind;
  /** The `##` section number and the latest sub-heading or bold label under it. */
  section: string;
  /** At most 80 characters, with no `|` or backtick, for a Markdown table cell. */
  quote: string;
  fingerprint: string;
}

/** The longest quotation a row may carry. */
export const QUOTE_LIMIT = 80;

const TABLE_SEPARATOR = /^\|[\s:|-]+\|?$/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const BOLD_LABEL = /^\*\*[^*]+\*\*$/;

/** A line with its runs of white space made one space and its ends trimmed. */
export function normaliseLine(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * The first 8 hex digits of the SHA-256 of `<spec>:<normalised line>`. The spec id is part of
 * it so that the same heading in both documents (`## 1. What the product does and for whom`)
 * gives two fingerprints.
 */
export function fingerprintOf(spec: SpecId, text: string): string {
  return createHash('sha256')
    .update(`${spec}:${normaliseLine(text)}`)
    .digest('hex')
    .slice(0, 8);
}

/** A short lead-in that only introduces what follows: "Columns:", "Routes relevant here:". */
function isLeadIn(text: string): boolean {
  return text.endsWith(':') && text.split(' ').length <= 4;
}

function classify(text: string, next: string | undefined): SpecLineKind | null {
  if (text === '' || TABLE_SEPARATOR.test(text)) return null;
  if (text.startsWith('|') && next !== undefined && TABLE_SEPARATOR.test(next)) return null;
  if (HEADING.test(text) || BOLD_LABEL.test(text) || isLeadIn(text)) return 'section';
  return 'requirement';
}

/** The longest sub-heading the section column repeats. */
const SECTION_LIMIT = 32;

function shorten(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 3).trimEnd()}...`;
}

/** A line made readable in one table cell: table cells joined, Markdown marks and pipes gone. */
export function quoteOf(text: string): string {
  const cells = text.startsWith('|')
    ? text
        .split('|')
        .map((cell) => cell.trim())
        .filter(Boolean)
    : [text];
  const plain = normaliseLine(
    cells
      .join(': ')
      .replace(/\*\*/g, '')
      .replace(/^#+\s*/, '')
      .replace(/\|/g, '/')
      .replace(/`/g, "'"),
  );
  return shorten(plain, QUOTE_LIMIT);
}

/** Every section and requirement line of one spec, in order. */
export function readSpecLines(spec: SpecId, source: string): SpecLine[] {
  const lines = source.split(/\r?\n/).map(normaliseLine);
  const found: SpecLine[] = [];
  let section = 'intro';
  let part = '';
  lines.forEach((text, index) => {
    const kind = classify(text, lines[index + 1]);
    if (kind === null) return;
    const heading = HEADING.exec(text);
    if (heading?.[1] === '##') {
      section = /^(\d+)\./.exec(heading[2] ?? '')?.[1] ?? heading[2] ?? '';
      part = '';
    } else if (heading && heading[1] !== '#') {
      part = heading[2] ?? '';
    } else if (BOLD_LABEL.test(text)) {
      part = text.replace(/\*\*/g, '');
    }
    found.push({
      spec,
      line: index + 1,
      kind,
      section: part ? `${section} ${shorten(part, SECTION_LIMIT)}` : section,
      quote: quoteOf(text),
      fingerprint: fingerprintOf(spec, text),
    });
  });
  return found;
}

/** A test a row names: its file and a piece of a describe, it or test title. */
export interface TestReference {
  file: string;
  title: string;
}

/** What a row says about its line. */
export type RowVerdict =
  | { kind: 'section' }
  | { kind: 'notARequirement'; reason: string }
  | { kind: 'tested'; tests: TestReference[]; missing: string | null };

/** One row of `docs/spec-tests.md`. */
export interface TableRow {
  spec: string;
  section: string;
  line: number;
  quote: string;
  fingerprint: string;
  verdict: RowVerdict;
  /** The row as written, for failure messages. */
  source: string;
}

/** The marker of a line, or of a part of one, that no test proves yet. */
export const NO_TEST = 'NO TEST';
/** The marker of a line that only says something is not shown, with its reason. */
export const NOT_A_REQUIREMENT = 'NOT A REQUIREMENT';
/** The tests cell of a section row. */
export const SECTION = '(section)';

const REFERENCE = /^`([^`]+)` "([^"]+)"$/;

function verdictOf(cell: string): RowVerdict | string {
  if (cell === SECTION) return { kind: 'section' };
  if (cell.startsWith(`${NOT_A_REQUIREMENT}:`)) {
    const reason = cell.slice(NOT_A_REQUIREMENT.length + 1).trim();
    return reason ? { kind: 'notARequirement', reason } : 'a reason is needed';
  }
  const parts = cell
    .split('<br>')
    .map((part) => part.trim())
    .filter(Boolean);
  let missing: string | null = null;
  const tests: TestReference[] = [];
  for (const [index, part] of parts.entries()) {
    if (index === 0 && part.startsWith(NO_TEST)) {
      missing = part.slice(NO_TEST.length).replace(/^:\s*/, '').trim() || 'the whole line';
      continue;
    }
    const reference = REFERENCE.exec(part);
    if (!reference) return `not a test reference: ${part}`;
    tests.push({ file: reference[1] ?? '', title: normaliseLine(reference[2] ?? '') });
  }
  if (missing === null && tests.length === 0) return 'no test and no NO TEST marker';
  return { kind: 'tested', tests, missing };
}

/** The rows of the table, and the lines that look like rows but cannot be read. */
export function parseTable(markdown: string): { rows: TableRow[]; problems: string[] } {
  const rows: TableRow[] = [];
  const problems: string[] = [];
  for (const source of markdown.split(/\r?\n/)) {
    if (!/^\|\s*\d{3}\s*\|/.test(source)) continue;
    const cells = source
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 6) {
      problems.push(`${source}\n  -> has ${cells.length} cells, not 6`);
      continue;
    }
    const [spec = '', section = '', line = '', quote = '', fingerprint = '', tests = ''] = cells;
    const verdict = verdictOf(tests);
    if (typeof verdict === 'string') {
      problems.push(`${source}\n  -> ${verdict}`);
      continue;
    }
    rows.push({
      spec,
      section,
      line: Number(line),
      quote: quote.replace(/\\\|/g, '|'),
      fingerprint: fingerprint.replace(/`/g, ''),
      verdict,
      source,
    });
  }
  return { rows, problems };
}

/**
 * The titles a test file gives its describe, it and test calls (also through `.each(...)`,
 * `.skipIf(...)`, `.concurrent` and the like), whitespace-normalised. A template literal's
 * `${...}` parts stay as written.
 */
export function testTitlesOf(source: string): string[] {
  const call =
    /(?:\b(?:describe|it|test)|\.(?:concurrent|sequential|only|skip|todo|fails)|\))\(\s*(['"`])((?:\\[\s\S]|(?!\1)[^\\])*)\1/g;
  const titles: string[] = [];
  for (const match of source.matchAll(call)) {
    titles.push(normaliseLine((match[2] ?? '').replace(/\\([\s\S])/g, '$1')));
  }
  return titles;
}
