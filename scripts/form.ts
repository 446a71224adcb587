// `npm run form -- compile FILE.json`: compiles a form definition the way the task page
// does and prints the normalised form with its warnings, for authors and CI checks.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileForm, listCombinedRefs } from '../src/core/forms/compiler';

const USAGE = 'usage: form compile FILE.json';

/** What an author can act on, for the ways reading a file fails. */
const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
};

/** Reads and parses a JSON file, throwing an error whose message is the problem alone. */
function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new Error(`cannot read the file: ${READ_FAILURES[code] ?? (error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`not valid JSON: ${(error as Error).message}`);
  }
}

/** Runs the CLI and answers its exit code. */
export function main(args: readonly string[]): number {
  const [command, file] = args;
  if (command !== 'compile' || !file) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let definition: unknown;
  try {
    definition = readJson(file);
  } catch (error) {
    process.stderr.write(`${file}: ${(error as Error).message}\n`);
    return 1;
  }
  // A combined task names its forms; they sit beside it as `<ref>.json`.
  const folder = dirname(file);
  const known = new Map<string, unknown>();
  for (const ref of listCombinedRefs(definition)) {
    const candidate = join(folder, `${ref}.json`);
    if (!existsSync(candidate)) continue;
    try {
      known.set(ref, readJson(candidate));
    } catch {
      // An unreadable reference compiles as unresolved, with its warning.
    }
  }
  let result: ReturnType<typeof compileForm>;
  try {
    result = compileForm(definition, { resolveForm: (ref) => known.get(ref) });
  } catch (error) {
    // The compiler answers problems as data; anything thrown is reported, not traced.
    process.stderr.write(`${file}: could not be compiled: ${(error as Error).message}\n`);
    return 1;
  }
  if (!result.form) {
    process.stderr.write(`${JSON.stringify({ errors: result.errors }, null, 2)}\n`);
    return 1;
  }
  process.stdout.write(
    `${JSON.stringify({ form: result.form, warnings: result.warnings }, null, 2)}\n`,
  );
  return 0;
}

// Run only when executed, so tests and other scripts can import `main`.
const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(resolve(entry)).href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    // A CLI for authors reports what went wrong in one line, never a stack trace.
    process.stderr.write(`form: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
