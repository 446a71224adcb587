import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the browser app and its field plugins live. */
const SOURCE_FOLDERS = ['src', 'plugins'];

/** The one module that may write values for people with `Intl`, dayjs and digits. */
const FORMAT_MODULE = 'src/core/format/';

/** What writes a value for people on its own instead of asking the format module. */
const RAW_FORMATTING: readonly {
  readonly name: string;
  readonly pattern: RegExp;
  /** Only in these files: rounding with `toFixed` is arithmetic in logic, text in a component. */
  readonly files?: RegExp;
}[] = [
  { name: 'toLocaleString', pattern: /\.toLocaleString\(/ },
  { name: 'toLocaleDateString', pattern: /\.toLocaleDateString\(/ },
  { name: 'toLocaleTimeString', pattern: /\.toLocaleTimeString\(/ },
  { name: 'toISOString', pattern: /\.toISOString\(\)/ },
  {
    name: 'Intl date or number format',
    pattern: /Intl\.(DateTimeFormat|NumberFormat|RelativeTimeFormat)\b/,
  },
  { name: 'dayjs display pattern', pattern: /\.format\(\s*['"`][^'"`]*(YYYY|MMM|HH|DD|lll|LL)/ },
  { name: 'hand-built thousands', pattern: /\(\\d\{3\}\)\+/ },
  { name: 'toFixed in a component', pattern: /\.toFixed\(/, files: /\.tsx$/ },
];

/**
 * Uses that write no value for a person, each with why. A key is a file and the name of
 * what it uses; anything else found is a screen writing its own format.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  // The optimistic comment carries the API's ISO creation time until the server answers;
  // the comments list formats it with formatTimestamp.
  'src/process/comments/TaskCommentsStore.ts|toISOString': 'API form of a moment',
  // The local draft's save time, kept in the browser's storage and read back as a moment.
  'src/forms/taskPage/TaskFormPageStore.ts|toISOString': 'stored moment',
  // A date-time field keeps its wall-clock value as `YYYY-MM-DDTHH:mm`, the stored form.
  'plugins/datetime/validate.ts|toISOString': 'stored value',
  // The date field writes a typed day in its stored `YYYY-MM-DD` form; its default display
  // goes through the format module.
  'plugins/date/formatDate.ts|dayjs display pattern': 'stored value and author mask',
  // SVG opacity attributes, not text.
  'src/brand/MosaicBackdrop.tsx|toFixed in a component': 'SVG attribute',
};

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'testing') continue;
      found.push(...sourceFiles(relative));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) {
      found.push(relative);
    }
  }
  return found;
}

/** Each raw formatting use in one file's text as `file|name: line`, comments left out. */
function rawUsesIn(file: string, text: string): string[] {
  const uses: string[] = [];
  text.split('\n').forEach((line, index) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    for (const { name, pattern, files } of RAW_FORMATTING) {
      if (files && !files.test(file)) continue;
      if (pattern.test(code) && !(`${file}|${name}` in ALLOWED)) {
        uses.push(`${file}|${name}: ${String(index + 1)}`);
      }
    }
  });
  return uses;
}

/** Each raw formatting use in the sources outside the format module. */
function rawUses(): string[] {
  return SOURCE_FOLDERS.flatMap(sourceFiles)
    .filter((file) => !file.startsWith(FORMAT_MODULE))
    .flatMap((file) => rawUsesIn(file, readFileSync(path.join(ROOT, file), 'utf8')));
}

describe('raw formatting outside the format module', () => {
  it.each([
    ['a locale string', 'const shown = amount.toLocaleString(locale);'],
    ['an ISO timestamp', '<dd>{new Date(ended).toISOString()}</dd>'],
    ['an Intl date format', 'new Intl.DateTimeFormat(language).format(date)'],
    ['a dayjs pattern', "dayjs(day).format('DD/MM/YYYY')"],
    ['hand-grouped digits', "text.replace(/\\B(?=(\\d{3})+(?!\\d))/g, ' ')"],
  ])('given a component writing %s, when scanned, then it is reported', (_, line) => {
    expect(rawUsesIn('src/fixture/Screen.tsx', line)).toHaveLength(1);
  });

  it('given the app and its plugins, when scanned, then every value is written by the format module', () => {
    expect(rawUses()).toEqual([]);
  });

  it('given the allow-list, when scanned, then each entry still names a use that exists', () => {
    const used = new Set<string>();
    for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const { name, pattern, files } of RAW_FORMATTING) {
        if ((!files || files.test(file)) && pattern.test(text)) used.add(`${file}|${name}`);
      }
    }
    expect(Object.keys(ALLOWED).filter((key) => !used.has(key))).toEqual([]);
  });
});
