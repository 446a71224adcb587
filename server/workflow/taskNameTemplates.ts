import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../engine/displayNames';
import { projectPath } from '../paths';

/**
 * A task's name in the reader's language is its process's task template of that language
 * (`locales/<language>/process.json`, `definitions.<process key>.tasks.<task id>`) filled
 * with the task's values; the row stores the English rendering. A search in French is
 * therefore matched against the French templates here: a task whose template says the
 * searched words matches, whatever its values.
 */
export type TaskTemplates = ReadonlyMap<string, readonly string[]>;

/** `<process key>/<task id>`: BPMN ids are XML names, which never hold a slash. */
export function taskTemplateKey(processKey: string, taskId: string): string {
  return `${processKey}/${taskId}`;
}

/** For comparing: lower case, without accents, so `evaluer` finds `Évaluer`. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[‘’]/g, "'")
    .toLocaleLowerCase();
}

/**
 * The literal parts of each task template of one language, folded, by task template key:
 * `Approuver le prêt de {{loanAmount}} pour {{firstName}}` gives `approuver le pret de ` and
 * ` pour `.
 */
export function readTaskTemplates(process: unknown): TaskTemplates {
  const templates = new Map<string, readonly string[]>();
  const definitions = (process as { definitions?: unknown } | null)?.definitions;
  if (!definitions || typeof definitions !== 'object') return templates;
  for (const [processKey, definition] of Object.entries(definitions)) {
    const tasks = (definition as { tasks?: unknown } | null)?.tasks;
    if (!tasks || typeof tasks !== 'object') continue;
    for (const [taskId, template] of Object.entries(tasks)) {
      if (typeof template !== 'string') continue;
      const literals = template
        .split(/\{\{[^}]*\}\}/)
        .map(folded)
        .filter((part) => part.trim() !== '');
      templates.set(taskTemplateKey(processKey, taskId), literals);
    }
  }
  return templates;
}

/** The keys of the templates whose own words contain `term` (folded, spaces squeezed). */
export function templatesMatching(templates: TaskTemplates, term: string): string[] {
  const wanted = folded(term).replace(/\s+/g, ' ').trim();
  if (wanted === '') return [];
  const keys: string[] = [];
  for (const [key, literals] of templates) {
    if (literals.some((literal) => literal.replace(/\s+/g, ' ').includes(wanted))) keys.push(key);
  }
  return keys.sort();
}

const byLanguage = new Map<Language, TaskTemplates>();

/**
 * The task templates of a language, read from its locale file once per process. English is
 * left out: a row's stored name is already the English rendering, which the search reads.
 */
export function taskTemplatesOf(language: Language | undefined): TaskTemplates {
  if (language === undefined || language === 'en') return new Map();
  let templates = byLanguage.get(language);
  if (!templates) {
    const file = join(projectPath('locales'), language, 'process.json');
    templates = readTaskTemplates(JSON.parse(readFileSync(file, 'utf8')));
    byLanguage.set(language, templates);
  }
  return templates;
}
