import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { DeployError } from '../server/engine/engineErrors';
import type { DeployWarning } from '../server/engine/parse/extensionDialects';
import {
  detectFormKind,
  listCombinedRefs,
  type CompileError,
  type CompileWarning,
} from '../src/core/forms/compiler';
import { compileForm } from '../plugins/compiler';

/** What reading a file came to. */
export type SurveyOutcome =
  'clean' | 'warnings' | 'refused' | 'crashed' | 'notJson' | 'notAForm' | 'unreadable';

/** One file's outcome, with its reasons normalised so that files can be grouped by them. */
export interface SurveyFile {
  /** The path below the surveyed folder. */
  readonly file: string;
  readonly outcome: SurveyOutcome;
  /** The kinds of warning the file drew, each once, in the order first met. */
  readonly warnings: readonly string[];
  /** Why it was refused, each reason once, in the order reported. */
  readonly reasons: readonly string[];
  /** What was thrown, with its stack, when reading the file crashed. */
  readonly crash?: string;
}

/** A reason shared by several files: how many, and the first of them for a look. */
export interface SurveyGroup {
  readonly reason: string;
  readonly files: number;
  readonly example: string;
}

/** The figures of one kind of file (BPMN or forms). */
export interface SurveySection {
  readonly read: number;
  readonly clean: number;
  readonly withWarnings: number;
  readonly refused: number;
  readonly crashed: number;
  /** Files that could not be read from disk (a survey problem, not Tessera's). */
  readonly unreadable: number;
  /** Forms only: `.form` files that are not JSON (HTML or text templates). */
  readonly notJson: number;
  /** Forms only: JSON that carries no form body (app descriptors, stencils...). */
  readonly notAForm: number;
  /** Files per warning kind. */
  readonly warningKinds: readonly SurveyGroup[];
  /** Refused files by the first reason each was refused for. */
  readonly firstReasons: readonly SurveyGroup[];
  /** Refused files by every reason each was refused for. */
  readonly everyReason: readonly SurveyGroup[];
  readonly files: readonly SurveyFile[];
}

/** What `surveyFolder` answers. */
export interface Survey {
  readonly bpmn: SurveySection;
  readonly forms: SurveySection;
}

/** How the survey reads a BPMN file: `parseProcessDefinition` with the server's handlers. */
export type ParseBpmn = (
  xml: string,
) => Promise<
  | { readonly definition: unknown; readonly warnings: readonly DeployWarning[] }
  | { readonly errors: readonly DeployError[]; readonly warnings?: readonly DeployWarning[] }
>;

const BPMN_FILE = /\.bpmn(20\.xml)?$/i;
const FORM_FILE = /\.(json|form)$/i;

/**
 * The top-level properties a form carries its fields under, in the formats Tessera reads
 * (`fields`, `formDefinition`, `editorJson`, APS's `formRepresentation`) and in two it does
 * not (Camunda's form-js `components`, Flowable Design's `rows`): a form in a format Tessera
 * cannot read is still a form, and is counted as refused rather than skipped.
 */
const FORM_BODIES = [
  'fields',
  'formDefinition',
  'editorJson',
  'formRepresentation',
  'components',
  'rows',
];

/**
 * Reads every BPMN file (`.bpmn`, `.bpmn20.xml`) and every form file (`.json`, `.form`)
 * under a folder, as deploy and the task page do, and counts what came of each: accepted
 * as written, accepted with warnings, refused (by reason), or crashed. Files are read one
 * at a time, in path order, so the figures are the same on every run.
 */
export async function surveyFolder(folder: string, parseBpmn: ParseBpmn): Promise<Survey> {
  const bpmn: SurveyFile[] = [];
  const forms: SurveyFile[] = [];
  for (const path of listFiles(folder)) {
    const file = relative(folder, path);
    if (BPMN_FILE.test(path)) bpmn.push(await surveyBpmn(path, file, parseBpmn));
    else if (FORM_FILE.test(path)) forms.push(surveyForm(path, file));
  }
  return { bpmn: summarise(bpmn), forms: summarise(forms) };
}

/** Every file below a folder, depth first, sorted by name at each level. */
function listFiles(folder: string): string[] {
  const found: string[] = [];
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(path));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

async function surveyBpmn(path: string, file: string, parseBpmn: ParseBpmn): Promise<SurveyFile> {
  let xml: string;
  try {
    xml = readFileSync(path, 'utf8');
  } catch (error) {
    return { file, outcome: 'unreadable', warnings: [], reasons: [(error as Error).message] };
  }
  try {
    const parsed = await parseBpmn(xml);
    const warnings = unique(
      (parsed.warnings ?? []).map((w) => normaliseReason(w.message, w.elementId)),
    );
    if ('errors' in parsed) {
      const reasons = unique(
        parsed.errors.map((error) => normaliseReason(error.message, error.elementId)),
      );
      return { file, outcome: 'refused', warnings, reasons };
    }
    return { file, outcome: warnings.length > 0 ? 'warnings' : 'clean', warnings, reasons: [] };
  } catch (error) {
    return { file, outcome: 'crashed', warnings: [], reasons: [], crash: stackOf(error) };
  }
}

function surveyForm(path: string, file: string): SurveyFile {
  let definition: unknown;
  try {
    definition = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) {
      return { file, outcome: 'notJson', warnings: [], reasons: [] };
    }
    return { file, outcome: 'unreadable', warnings: [], reasons: [(error as Error).message] };
  }
  try {
    const kind = detectFormKind(definition);
    if (kind === 'plain' && !hasFormBody(definition)) {
      return { file, outcome: 'notAForm', warnings: [], reasons: [] };
    }
    // As `form compile` does: a combined task's forms are looked for beside it.
    const known = new Map<string, unknown>();
    for (const ref of listCombinedRefs(definition)) {
      const candidate = join(dirname(path), `${ref}.json`);
      if (!existsSync(candidate)) continue;
      try {
        known.set(ref, JSON.parse(readFileSync(candidate, 'utf8')) as unknown);
      } catch {
        // An unreadable reference compiles as unresolved, with its warning.
      }
    }
    const result = compileForm(definition, { resolveForm: (ref) => known.get(ref) });
    const warnings = unique(result.warnings.map(formWarningKind));
    if (!result.form) {
      return { file, outcome: 'refused', warnings, reasons: unique(result.errors.map(formError)) };
    }
    return { file, outcome: warnings.length > 0 ? 'warnings' : 'clean', warnings, reasons: [] };
  } catch (error) {
    return { file, outcome: 'crashed', warnings: [], reasons: [], crash: stackOf(error) };
  }
}

// A Flowable app model keeps its list of models under `editorJson` too: that is no form.
function hasFormBody(definition: unknown): boolean {
  if (!isObject(definition)) return false;
  const bodies = FORM_BODIES.filter((name) => name in definition);
  if (bodies.length === 1 && bodies[0] === 'editorJson') return !isAppModel(definition.editorJson);
  return bodies.length > 0;
}

function isAppModel(editorJson: unknown): boolean {
  let body = editorJson;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return false;
    }
  }
  return isObject(body) && 'models' in body && !('fields' in body);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A message with what names one element or one value replaced by a placeholder, so that
 * the same problem in two files reads the same: the element's id, quoted names, values and
 * expressions (`'…'`, `"…"`), references the XML parser could not resolve, the line and column of an XML problem, the place of a syntax
 * error and numbers of two digits or more. An apostrophe inside a word stays.
 */
export function normaliseReason(message: string, elementId?: string | null): string {
  let reason = elementId ? message.split(`'${elementId}'`).join("'…'") : message;
  reason = reason
    // An expression may hold quotes itself: it runs to the quote before "is" or "binds".
    .replace(/(^|[\s(=])'(?:(?!': ).)*?'(?= is | binds )/g, "$1'…'")
    // The parser's messages name ids between angle brackets.
    .replace(/(unresolved reference|illegal ID) <[^>]*>/g, '$1 <…>')
    .replace(/(^|[\s(=])'[^']*'(?=$|[\s,.;:)])/g, "$1'…'")
    .replace(/"[^"\n]*"/g, '"…"')
    .replace(/\b(line|column):\s*\d+/g, '$1: N')
    .replace(/\(at \d+\)/g, '(at N)')
    .replace(/(?<![\w-])\d{2,}(?![\w-])/g, 'N');
  return reason.replace(/\s+/g, ' ').trim();
}

// A warning's code, with the params that say what kind of thing it is about (a field type,
// a reason), never the ones that name a field.
function formWarningKind(warning: CompileWarning): string {
  const details = ['type', 'reason']
    .filter((name) => typeof warning.params[name] === 'string')
    .map((name) => `${name} ${String(warning.params[name])}`);
  return details.length > 0 ? `${warning.code} (${details.join(', ')})` : warning.code;
}

// An error's code and where (list indexes replaced), with the schema's details.
function formError(error: CompileError): string {
  const where = error.path.replace(/\/\d+(?=\/|$)/g, '/*') || '/';
  const details = Object.entries(error.params)
    .filter(([name]) => name !== 'count')
    .map(([name, value]) => `${name} ${Array.isArray(value) ? value.join('|') : String(value)}`);
  return `${error.code} at ${where}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

function stackOf(error: unknown): string {
  return error instanceof Error
    ? (error.stack ?? `${error.name}: ${error.message}`)
    : String(error);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function summarise(files: readonly SurveyFile[]): SurveySection {
  const count = (outcome: SurveyOutcome): number =>
    files.filter((file) => file.outcome === outcome).length;
  const refused = files.filter((file) => file.outcome === 'refused');
  return {
    read: files.length,
    clean: count('clean'),
    withWarnings: count('warnings'),
    refused: refused.length,
    crashed: count('crashed'),
    unreadable: count('unreadable'),
    notJson: count('notJson'),
    notAForm: count('notAForm'),
    warningKinds: group(files.map((file) => [file.file, file.warnings])),
    firstReasons: group(refused.map((file) => [file.file, file.reasons.slice(0, 1)])),
    everyReason: group(refused.map((file) => [file.file, file.reasons])),
    files,
  };
}

// Files per reason, most files first, then by reason so that ties read the same each run.
function group(entries: readonly (readonly [string, readonly string[]])[]): SurveyGroup[] {
  const groups = new Map<string, { files: number; example: string }>();
  for (const [file, reasons] of entries) {
    for (const reason of reasons) {
      const found = groups.get(reason);
      if (found) found.files += 1;
      else groups.set(reason, { files: 1, example: file });
    }
  }
  return [...groups]
    .map(([reason, { files, example }]) => ({ reason, files, example }))
    .sort((a, b) => b.files - a.files || (a.reason < b.reason ? -1 : 1));
}
