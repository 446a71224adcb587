import type { i18n as I18n } from 'i18next';
import { FALLBACK_LANGUAGE } from './languages';

/**
 * Process definitions are deployed with English names; their translations live in
 * `locales/<lang>/process.json` under `definitions.<processKey>` (`name`, `description`, and
 * `tasks.<task id>` with `{{variable}}` where the definition has `${variable}`). Anything without a
 * translation shows as deployed.
 */
const base = (processKey: string) => `process.definitions.${processKey}`;

/** A process definition's name in the current language, or its deployed name. */
export function localizeProcessName(i18n: I18n, processKey: string, name: string): string {
  const key = `${base(processKey)}.name`;
  return i18n.exists(key) ? i18n.t(key) : name;
}

/**
 * A process definition's description in the current language, or its deployed description
 * (the BPMN `documentation`). A definition deployed without one shows none in any language.
 */
export function localizeProcessDescription(
  i18n: I18n,
  processKey: string,
  description: string | null | undefined,
): string {
  if (!description) return '';
  const key = `${base(processKey)}.description`;
  return i18n.exists(key) ? i18n.t(key) : description;
}

/** Escapes a text for use inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A task's name in the current language. The server sends the name as its template was
 * rendered (`Review the application of Ana Ruiz`); the English template of the process's
 * tasks that matches it gives back the values, which the translated template takes.
 * A name no template matches (an older version, an edited definition) stays as it is.
 */
export function localizeTaskName(i18n: I18n, processKey: string, name: string): string {
  const english = i18n.getResource(
    FALLBACK_LANGUAGE,
    'translation',
    `${base(processKey)}.tasks`,
  ) as Record<string, string> | undefined;
  if (!english || typeof english !== 'object') return name;
  for (const [taskId, template] of Object.entries(english)) {
    // 1. The template as a pattern: literal text, and a lazy group per {{variable}}.
    const names: string[] = [];
    const pattern = template
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((part) => {
        const variable = /^\{\{\s*(\w+)\s*\}\}$/.exec(part);
        if (!variable?.[1]) return escapeRegExp(part);
        names.push(variable[1]);
        return '(.+?)';
      })
      .join('');
    const match = new RegExp(`^${pattern}$`, 's').exec(name);
    if (!match) continue;
    // 2. The translated template with the values the name carried.
    const values = Object.fromEntries(names.map((variable, index) => [variable, match[index + 1]]));
    return i18n.t(`${base(processKey)}.tasks.${taskId}`, {
      ...values,
      interpolation: { escapeValue: false },
    });
  }
  return name;
}

/**
 * The key of the process whose English name is `processName`: task rows and notifications
 * carry the deployed name, not the key. Undefined for a process no translation names.
 */
export function processKeyOfName(i18n: I18n, processName: string): string | undefined {
  const definitions = i18n.getResource(FALLBACK_LANGUAGE, 'translation', 'process.definitions') as
    Record<string, { name?: unknown }> | undefined;
  if (!definitions || typeof definitions !== 'object') return undefined;
  return Object.keys(definitions).find((key) => definitions[key]?.name === processName);
}

/** Process and task names in the current language, for lists that show many of them. */
export interface ProcessTextLocalizer {
  /** A process's deployed name in the current language. */
  processName(processName: string): string;
  /** A task's name in the current language, given its process's deployed name. */
  taskName(processName: string, taskName: string): string;
}

/**
 * A {@link ProcessTextLocalizer} for the current language that remembers its answers: a list
 * repeats the same few processes and tasks on every row, and matching a name against its
 * templates costs more than the cell that shows it. Make a new one when the language changes.
 */
export function createProcessTextLocalizer(i18n: I18n): ProcessTextLocalizer {
  const keys = new Map<string, string | undefined>();
  const answers = new Map<string, string>();
  const keyOf = (processName: string) => {
    if (!keys.has(processName)) keys.set(processName, processKeyOfName(i18n, processName));
    return keys.get(processName);
  };
  return {
    processName(processName) {
      const key = keyOf(processName);
      return key ? localizeProcessName(i18n, key, processName) : processName;
    },
    taskName(processName, taskName) {
      const key = keyOf(processName);
      if (!key) return taskName;
      const id = `${key}\u0000${taskName}`;
      let answer = answers.get(id);
      if (answer === undefined) {
        answer = localizeTaskName(i18n, key, taskName);
        answers.set(id, answer);
      }
      return answer;
    },
  };
}

/** A task's name in the current language, given its process's deployed name. */
export function localizeTaskNameOfProcess(
  i18n: I18n,
  processName: string,
  taskName: string,
): string {
  const key = processKeyOfName(i18n, processName);
  return key ? localizeTaskName(i18n, key, taskName) : taskName;
}

/** A process's deployed name in the current language. */
export function localizeProcessNameOfName(i18n: I18n, processName: string): string {
  const key = processKeyOfName(i18n, processName);
  return key ? localizeProcessName(i18n, key, processName) : processName;
}
