// `npm run form -- compile FILE.json`: compiles a form definition the way the task page
// does and prints the normalised form with its warnings, for authors and CI checks.
// `npm run form -- check-process FILE.bpmn [--forms FOLDER]`: checks that every variable
// the process reads is written first by its forms, its start or its service tasks.
// `npm run form -- survey FOLDER [--all] [--json]`: reads every BPMN and form file under a
// folder and counts how many are accepted, accepted with warnings, refused (and why) or
// crash the reader, to measure Tessera against files it did not write.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  checkProcessForms,
  compileProcessForms,
  type FormSource,
} from '../server/engine/commands/checkProcessForms';
import { registerRecordDeletionHandlers } from '../server/engine/handlers/recordDeletion';
import { parseProcessDefinition } from '../server/engine/parse/parseProcessDefinition';
import { serviceHandlers } from '../server/engine/ServiceHandlerRegistry';
import { formIdOf } from '../server/forms/storedForm';
import { detectFormKind, listCombinedRefs } from '../src/core/forms/compiler';
import { formatSurvey } from './formatSurvey';
import { surveyFolder } from './surveyFolder';
import { compileForm } from '../plugins/compiler';

const USAGE = [
  'usage: form compile FILE.json',
  '       form check-process FILE.bpmn [--forms FOLDER]',
  '       form survey FOLDER [--all] [--json]',
].join('\n');

/** Where a process's forms are looked for unless `--forms` says: the demo's forms. */
const DEFAULT_FORMS = fileURLToPath(new URL('../fixtures/forms/', import.meta.url));

/** What an author can act on, for the ways reading a file fails. */
const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
};

/** Reads a text file, throwing an error whose message is the problem alone. */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new Error(`cannot read the file: ${READ_FAILURES[code] ?? (error as Error).message}`);
  }
}

/** Reads and parses a JSON file, throwing an error whose message is the problem alone. */
function readJson(file: string): unknown {
  const text = readText(file);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * The form definitions of a folder by the id the form store keeps each under (as the seed
 * stores them); a file that cannot be read is left out, so tasks naming it are reported.
 */
function readFormFolder(folder: string): Map<string, FormSource> {
  const sources = new Map<string, FormSource>();
  const files = readdirSync(folder).filter(
    (name) => name.endsWith('.json') && !name.startsWith('invalid-'),
  );
  for (const file of files) {
    let definition: unknown;
    try {
      definition = readJson(join(folder, file));
    } catch {
      continue;
    }
    const id = formIdOf(definition, detectFormKind(definition), file.slice(0, -'.json'.length));
    sources.set(id, { kind: detectFormKind(id), definition });
  }
  return sources;
}

let handlersRegistered = false;

/** Registers the handlers a running server registers before it deploys the demo processes. */
function registerServerHandlers(): void {
  if (handlersRegistered) return;
  registerRecordDeletionHandlers(serviceHandlers);
  handlersRegistered = true;
}

/**
 * `check-process`: parses the BPMN as deploy does (with the server's service handlers),
 * compiles the forms it names from the folder and prints every read of a variable that
 * is not written first, with its coded warning. Exits 1 when the file cannot be read or
 * deploy would refuse it, 0 otherwise: warnings, like a deploy's, do not refuse.
 */
async function checkProcess(args: readonly string[]): Promise<number> {
  const [file, flag, folderArg] = args;
  if (!file || (flag !== undefined && (flag !== '--forms' || !folderArg)) || args.length > 3) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const folder = folderArg ?? DEFAULT_FORMS;
  let xml: string;
  let sources: Map<string, FormSource>;
  try {
    xml = readText(file);
  } catch (error) {
    process.stderr.write(`${file}: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    sources = readFormFolder(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    process.stderr.write(
      `${folder}: cannot read the forms folder: ${READ_FAILURES[code] ?? (error as Error).message}\n`,
    );
    return 1;
  }
  registerServerHandlers();
  const parsed = await parseProcessDefinition(xml, { serviceHandlers });
  if ('errors' in parsed) {
    process.stderr.write(`${JSON.stringify({ errors: parsed.errors }, null, 2)}\n`);
    return 1;
  }
  const model = parsed.definition;
  const warnings = checkProcessForms(model, {
    forms: compileProcessForms(model, sources),
    handlerOutputs: (name) => serviceHandlers.outputsOf(name),
    reportMissingForms: true,
  });
  process.stdout.write(`${JSON.stringify({ process: model.key, warnings }, null, 2)}\n`);
  return 0;
}

/**
 * `survey`: reads every BPMN file under the folder as deploy does and compiles every form
 * file as the task page does, then prints the counts and the reasons, grouped (`--json`:
 * the whole survey as JSON, every file's outcome included). Exits 1 when the folder cannot
 * be read or a file crashed the reader, 0 otherwise: refusals are what is being measured.
 */
async function survey(args: readonly string[]): Promise<number> {
  const flags = args.filter((arg) => arg.startsWith('--'));
  const folders = args.filter((arg) => !arg.startsWith('--'));
  const [folder] = folders;
  if (
    !folder ||
    folders.length > 1 ||
    flags.some((flag) => flag !== '--all' && flag !== '--json')
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  registerServerHandlers();
  let result: Awaited<ReturnType<typeof surveyFolder>>;
  try {
    result = await surveyFolder(folder, (xml) => parseProcessDefinition(xml, { serviceHandlers }));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    process.stderr.write(
      `${folder}: cannot read the folder: ${READ_FAILURES[code] ?? (error as Error).message}\n`,
    );
    return 1;
  }
  process.stdout.write(
    flags.includes('--json')
      ? `${JSON.stringify(result, null, 2)}\n`
      : formatSurvey(result, { all: flags.includes('--all') }),
  );
  return result.bpmn.crashed + result.forms.crashed > 0 ? 1 : 0;
}

/** Runs the CLI and answers its exit code. */
export async function main(args: readonly string[]): Promise<number> {
  const [command, file] = args;
  if (command === 'check-process') return checkProcess(args.slice(1));
  if (command === 'survey') return survey(args.slice(1));
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
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // A CLI for authors reports what went wrong in one line, never a stack trace.
      process.stderr.write(`form: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
