// `npm run form -- compile FILE.json`: compiles a form definition the way the task page
// does and prints the normalised form with its warnings, for authors and CI checks.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileForm, listCombinedRefs } from '../src/core/forms/compiler';

const USAGE = 'usage: form compile FILE.json';

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
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
  const result = compileForm(definition, { resolveForm: (ref) => known.get(ref) });
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
  process.exitCode = main(process.argv.slice(2));
}
