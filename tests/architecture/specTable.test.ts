import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NO_TEST,
  QUOTE_LIMIT,
  SPEC_IDS,
  parseTable,
  readSpecLines,
  testTitlesOf,
  type SpecId,
  type SpecLine,
  type TableRow,
} from './specLines';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TABLE = path.join(ROOT, 'docs/spec-tests.md');

/**
 * The requirement documents live beside the repository, not in it: SPEC_DIR names their
 * folder, else `../shared/spec` from the repository root. Without them, only the table's own
 * checks run.
 */
const SPEC_DIR = process.env.SPEC_DIR
  ? path.resolve(process.env.SPEC_DIR)
  : path.resolve(ROOT, '../shared/spec');

function specFile(spec: SpecId): string | undefined {
  if (!existsSync(SPEC_DIR)) return undefined;
  const name = readdirSync(SPEC_DIR).find(
    (file) => file.startsWith(`${spec}_`) && file.endsWith('.txt'),
  );
  return name && path.join(SPEC_DIR, name);
}

const SPEC_FILES = SPEC_IDS.map((spec) => ({ spec, file: specFile(spec) }));
const SPECS_PRESENT = SPEC_FILES.every(({ file }) => file !== undefined);

const { rows, problems } = parseTable(readFileSync(TABLE, 'utf8'));

const titlesByFile = new Map<string, string[]>();
function titlesOf(file: string): string[] | undefined {
  const full = path.join(ROOT, file);
  if (!existsSync(full)) return undefined;
  let titles = titlesByFile.get(file);
  if (!titles) {
    titles = testTitlesOf(readFileSync(full, 'utf8'));
    titlesByFile.set(file, titles);
  }
  return titles;
}

const where = (row: TableRow) => `${row.spec} line ${row.line} (${row.quote})`;

describe('docs/spec-tests.md: the table of spec lines and their tests', () => {
  it('given the table, when read, then every row has six readable cells', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('given each row, then its spec, line, quotation and fingerprint are well formed', () => {
    const wrong = rows.flatMap((row) => {
      const faults = [
        !(SPEC_IDS as readonly string[]).includes(row.spec) &&
          `spec ${row.spec} is not one of ${SPEC_IDS.join(', ')}`,
        !(Number.isInteger(row.line) && row.line > 0) && 'the line is not a positive number',
        !/^[0-9a-f]{8}$/.test(row.fingerprint) &&
          `fingerprint ${row.fingerprint} is not 8 hex digits`,
        (row.quote.length === 0 || row.quote.length > QUOTE_LIMIT) &&
          `the text is not 1 to ${QUOTE_LIMIT} characters`,
      ].filter((fault): fault is string => typeof fault === 'string');
      return faults.map((fault) => `${where(row)}: ${fault}`);
    });
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('given the rows, then no fingerprint and no spec line is listed twice', () => {
    const seen = new Map<string, TableRow>();
    const twice: string[] = [];
    for (const row of rows) {
      for (const key of [`fingerprint ${row.fingerprint}`, `${row.spec} line ${row.line}`]) {
        const first = seen.get(key);
        if (first) twice.push(`${key}: ${where(first)} and ${where(row)}`);
        else seen.set(key, row);
      }
    }
    expect(twice, twice.join('\n')).toEqual([]);
  });

  it('given each test a row names, then its file exists and a describe, it or test title holds the text', () => {
    const broken = rows.flatMap((row) =>
      row.verdict.kind === 'tested'
        ? row.verdict.tests.flatMap(({ file, title }) => {
            const titles = titlesOf(file);
            if (!titles) return [`${where(row)}: ${file} does not exist`];
            return titles.some((candidate) => candidate.includes(title))
              ? []
              : [`${where(row)}: no title in ${file} holds "${title}"`];
          })
        : [],
    );
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('given every requirement row, then a test proves the whole line (no NO TEST row is left)', () => {
    const untested = rows.flatMap((row) =>
      row.verdict.kind === 'tested' && row.verdict.missing !== null
        ? [`${row.spec} line ${row.line}: ${row.verdict.missing} [${row.quote}]`]
        : [],
    );
    expect(untested, `${untested.length} rows marked ${NO_TEST}:\n${untested.join('\n')}`).toEqual(
      [],
    );
  });
});

describe('docs/spec-tests.md against the requirement documents', () => {
  if (!SPECS_PRESENT) {
    it.skip(`skipped: the spec folder is not at ${SPEC_DIR} (set SPEC_DIR to check completeness and stale rows)`, () => {});
    return;
  }

  const specLines: SpecLine[] = SPEC_FILES.flatMap(({ spec, file }) =>
    readSpecLines(spec, readFileSync(file ?? '', 'utf8')),
  );

  it('given every section and requirement line of both specs, then a row lists it at its line', () => {
    const rowsByFingerprint = new Map(rows.map((row) => [row.fingerprint, row]));
    const missing = specLines.flatMap((line) => {
      const row = rowsByFingerprint.get(line.fingerprint);
      const expected = `| ${line.spec} | ${line.section} | ${line.line} | ${line.quote} | \`${line.fingerprint}\` |`;
      if (!row) return [`no row for ${line.kind} line: ${expected}`];
      if (row.spec !== line.spec || row.line !== line.line) {
        return [`${where(row)} is now ${line.spec} line ${line.line}: ${expected}`];
      }
      const isSection = row.verdict.kind === 'section';
      if (isSection !== (line.kind === 'section')) {
        return [
          `${where(row)} is a ${line.kind} line, listed as ${isSection ? 'a section' : 'a requirement'}`,
        ];
      }
      return [];
    });
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('given every row, then its fingerprint is still that of a line of its spec (no stale row)', () => {
    const current = new Set(specLines.map((line) => `${line.spec} ${line.fingerprint}`));
    const stale = rows
      .filter((row) => !current.has(`${row.spec} ${row.fingerprint}`))
      .map(
        (row) =>
          `${where(row)}: fingerprint ${row.fingerprint} matches no line of spec ${row.spec}; the line changed or went`,
      );
    expect(stale, stale.join('\n')).toEqual([]);
  });
});
