import { TASK_DESCRIPTION_MAX_LENGTH } from '../../../schemas/api/tasksConstants';
import { compiledTemplate } from '../expressions/compiledTemplate';
import { cutText } from '../cutText';
import {
  PLAIN_DISPLAY,
  renderDisplayNames,
  renderDisplayTexts,
  type DisplayNames,
  type ValueDisplay,
} from '../displayNames';
import type { EvaluationOptions } from '../expressions/evaluateExpression';
import type { JsonValue, Variables } from '../expressions/expressionAst';
import { addIsoDuration, parseIsoDuration } from './parseIsoDuration';
import { evaluateTemplate, isTemplate } from '../expressions/parseTemplate';
import type { TaskSegregation, UserTaskNode } from '../processModel';
import { NO_SEGREGATION } from '../taskSegregation';

/** A user task's concrete values for one instance, ready to become a task row. */
export interface ResolvedUserTask {
  /** The name as an English reader sees it; what readers without a language get. */
  readonly name: string;
  /** The name per language: values written the reader's way, no dangling separators. */
  readonly displayNames: DisplayNames;
  readonly formKey: string | null;
  readonly assignee: string | null;
  readonly candidateUsers: readonly string[];
  readonly candidateGroups: readonly string[];
  readonly dueDate: Date | null;
  readonly priority: number;
  readonly initiatorCanCompleteTask: boolean;
  /** Who must not perform it; fixed by the definition, nobody when it declares nothing. */
  readonly segregation: TaskSegregation;
  /** The instructions (the task's `documentation`) per language, or null without any. */
  readonly descriptions: DisplayNames | null;
}

const defaultPriority = 50;

/** The two instants a due-date duration may count from, and who started the instance. */
export interface UserTaskTimes {
  /** When the instance started. */
  readonly instanceStartedAt: Date;
  /** When this task is being created. */
  readonly taskCreatedAt: Date;
  /** The instance's starter, whom {@link INITIATOR_TOKEN} names in an assignment. */
  readonly startedBy?: string;
}

/**
 * Alfresco Process Services' (and the Flowable modeler's) name for the instance's starter in
 * an assignee or a candidate list: `$INITIATOR`, which those products resolve at run time.
 */
export const INITIATOR_TOKEN = '$INITIATOR';

/**
 * Fills in a user task's templates from the instance variables: the name, the instructions,
 * the assignee, the candidates and the due date (an ISO duration counts from the task's creation, or from
 * the instance start when the definition says so; an expression may yield an ISO date, an
 * ISO duration or epoch milliseconds).
 */
export function resolveUserTask(
  node: UserTaskNode,
  variables: Variables,
  times: UserTaskTimes,
  display: ValueDisplay = PLAIN_DISPLAY,
): ResolvedUserTask {
  const from = node.dueDateFrom === 'instanceStart' ? times.instanceStartedAt : times.taskCreatedAt;
  // `now()` and `dateTime()` in the task's expressions stand for its creation, on the engine's clock.
  const at: EvaluationOptions = { now: times.taskCreatedAt };
  const rendered = renderDisplayNames(
    compiledTemplate(node.name ?? node.id),
    variables,
    at,
    display,
  );
  // A name that renders empty (only placeholders, none with a value) falls back to the id.
  const displayNames = Object.fromEntries(
    Object.entries(rendered).map(([language, name]) => [language, name === '' ? node.id : name]),
  ) as Record<keyof DisplayNames, string>;
  const starter = times.startedBy;
  const people = (item: string) =>
    item.trim() === INITIATOR_TOKEN
      ? starter === undefined
        ? []
        : [starter]
      : principals(item, variables, at);
  const assignee = node.assignee === null ? [] : people(node.assignee);
  return {
    name: displayNames.en,
    displayNames,
    formKey: node.formKey,
    assignee: assignee[0] ?? null,
    candidateUsers: unique(node.candidateUsers.flatMap(people)),
    candidateGroups: unique(
      node.candidateGroups.flatMap((item) => principals(item, variables, at)),
    ),
    dueDate: node.dueDate === null ? null : dueDate(node.dueDate, variables, from, at),
    priority: priority(node.priority, variables, at),
    initiatorCanCompleteTask: node.initiatorCanCompleteTask,
    segregation: node.segregation ?? NO_SEGREGATION,
    descriptions: descriptions(node.documentation, variables, at, display),
  };
}

/**
 * The instructions per language. Values fill them the way they fill the name; a text left
 * empty is none, and a long value cannot make one longer than the stored limit.
 */
function descriptions(
  documentation: string | undefined,
  variables: Variables,
  at: EvaluationOptions,
  display: ValueDisplay,
): DisplayNames | null {
  if (documentation === undefined) return null;
  const rendered = renderDisplayTexts(compiledTemplate(documentation), variables, at, display);
  if (Object.values(rendered).every((text) => text === '')) return null;
  return Object.fromEntries(
    Object.entries(rendered).map(([language, text]) => [
      language,
      cutText(text, TASK_DESCRIPTION_MAX_LENGTH),
    ]),
  ) as Record<keyof DisplayNames, string>;
}

/** One list item may expand to several ids: an array variable or a comma-separated text. */
function principals(item: string, variables: Variables, at: EvaluationOptions): string[] {
  const value = evaluateTemplate(compiledTemplate(item), variables, at);
  const values: JsonValue[] = Array.isArray(value) ? value : [value];
  return values
    .flatMap((entry) =>
      typeof entry === 'string' || typeof entry === 'number' ? String(entry).split(',') : [],
    )
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

function dueDate(
  text: string,
  variables: Variables,
  from: Date,
  at: EvaluationOptions,
): Date | null {
  // 1. A fixed duration counts from `from`.
  const parts = compiledTemplate(text);
  const value = isTemplate(parts) ? evaluateTemplate(parts, variables, at) : text;
  if (typeof value === 'number') return validDate(new Date(value));
  if (typeof value !== 'string' || value.trim() === '') return null;
  // 2. An expression may name a duration too, or an absolute date.
  const duration = parseIsoDuration(value);
  if (duration !== undefined) return addIsoDuration(from, duration);
  return validDate(new Date(value.trim()));
}

function validDate(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}

function priority(text: string | null, variables: Variables, at: EvaluationOptions): number {
  if (text === null) return defaultPriority;
  const value = evaluateTemplate(compiledTemplate(text), variables, at);
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  // Out-of-range values would fail the integer column; a sane default beats a failed step.
  return Number.isInteger(number) && Math.abs(number) < 2 ** 31 ? number : defaultPriority;
}
