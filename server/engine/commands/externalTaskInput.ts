import { cutText } from '../cutText';
import { EXTERNAL_TOPIC_PATTERN } from '../elements/readExternalTask';
import { InvalidInputError } from '../engineErrors';
import type { JsonValue, Variables } from '../expressions/expressionAst';
import type {
  ExternalTaskFilter,
  FetchExternalTasksInput,
  ExternalTaskTopicRequest,
} from '../processEngineTypes';

const second = 1_000;
const hour = 3_600 * second;
const day = 24 * hour;

/**
 * The bounds of what workers may ask: a worker cannot hold a task for a week, fetch the
 * whole table at once, or retry for ever. The migration holds the same bounds.
 */
export const EXTERNAL_TASK_LIMITS = {
  maxTasks: { min: 1, max: 100 },
  lockDurationMs: { min: second, max: day },
  retries: { min: 0, max: 100 },
  retryTimeoutMs: { min: 0, max: 7 * day },
  workerIdLength: { min: 1, max: 100 },
  /** Topics in one fetch. */
  topics: { min: 1, max: 100 },
  /** Variable names one topic may ask for. */
  variableNames: { max: 1_000 },
  variableNameLength: { max: 200 },
  errorMessageLength: { max: 2_000 },
  /** How deep a completed variable's value may nest. */
  valueDepth: { max: 64 },
} as const;

/** The most rows `listExternalTasks` answers, oldest first. */
export const EXTERNAL_TASK_LIST_LIMIT = 1_000;

/** A topic of a fetch, checked: the duration as a number of milliseconds. */
export interface TopicRequest {
  readonly name: string;
  readonly lockDurationMs: number;
  readonly variables: readonly string[] | null;
}

/** A fetch, checked. */
export interface FetchRequest {
  readonly workerId: string;
  readonly topics: readonly TopicRequest[];
  readonly maxTasks: number;
}

/** A worker id: 1 to 100 characters, as given. */
export function checkWorkerId(value: unknown): string {
  const { min, max } = EXTERNAL_TASK_LIMITS.workerIdLength;
  if (typeof value !== 'string' || value.length < min || value.length > max) {
    throw new InvalidInputError(`workerId must be a text of ${min} to ${max} characters`);
  }
  return value;
}

/** A whole number within its bounds, named in the refusal. */
export function checkWholeNumber(
  field: string,
  value: unknown,
  bounds: { readonly min: number; readonly max: number },
): number {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < bounds.min ||
    value > bounds.max
  ) {
    throw new InvalidInputError(
      `${field} must be a whole number from ${bounds.min} to ${bounds.max}`,
    );
  }
  return value;
}

/** A topic name a task could carry; anything else could never match one. */
export function checkTopicName(field: string, value: unknown): string {
  if (typeof value !== 'string' || !EXTERNAL_TOPIC_PATTERN.test(value)) {
    throw new InvalidInputError(
      `${field} must be a topic name of letters, digits and - _ . : (1 to 100 characters)`,
    );
  }
  return value;
}

/** A fetch's worker, topics (each once) and task count, within their bounds. */
export function checkFetchInput(input: FetchExternalTasksInput): FetchRequest {
  const workerId = checkWorkerId(input.workerId);
  const maxTasks = checkWholeNumber('maxTasks', input.maxTasks, EXTERNAL_TASK_LIMITS.maxTasks);
  const { min, max } = EXTERNAL_TASK_LIMITS.topics;
  const topics: unknown = input.topics;
  if (!Array.isArray(topics) || topics.length < min || topics.length > max) {
    throw new InvalidInputError(`topics must list ${min} to ${max} topics`);
  }
  const seen = new Set<string>();
  const checked = (topics as readonly ExternalTaskTopicRequest[]).map((topic, index) => {
    const name = checkTopicName(`topics[${index}].name`, topic.name);
    if (seen.has(name)) throw new InvalidInputError(`topics names '${name}' twice`);
    seen.add(name);
    return {
      name,
      lockDurationMs: checkWholeNumber(
        `topics[${index}].lockDurationMs`,
        topic.lockDurationMs,
        EXTERNAL_TASK_LIMITS.lockDurationMs,
      ),
      variables:
        topic.variables === undefined
          ? null
          : checkVariableNames(`topics[${index}].variables`, topic.variables),
    };
  });
  return { workerId, topics: checked, maxTasks };
}

function checkVariableNames(field: string, value: unknown): string[] {
  const { max } = EXTERNAL_TASK_LIMITS.variableNames;
  const length = EXTERNAL_TASK_LIMITS.variableNameLength.max;
  if (
    !Array.isArray(value) ||
    value.length > max ||
    !value.every((name) => typeof name === 'string' && name.length > 0 && name.length <= length)
  ) {
    throw new InvalidInputError(
      `${field} must list at most ${max} variable names of 1 to ${length} characters`,
    );
  }
  return value as string[];
}

/** A failure's message, cut to its bound (a stack trace longer than that helps nobody). */
export function checkErrorMessage(value: unknown): string {
  if (typeof value !== 'string') throw new InvalidInputError('errorMessage must be a text');
  return cutText(value, EXTERNAL_TASK_LIMITS.errorMessageLength.max);
}

/** A list's filter: a topic name, an instance id, the incident flag. */
export function checkFilter(filter: ExternalTaskFilter): ExternalTaskFilter {
  if (filter.topic !== undefined) checkTopicName('topic', filter.topic);
  if (
    filter.instanceId !== undefined &&
    (typeof filter.instanceId !== 'string' || filter.instanceId.length === 0)
  ) {
    throw new InvalidInputError('instanceId must be a non-empty text');
  }
  if (filter.failedOnly !== undefined && typeof filter.failedOnly !== 'boolean') {
    throw new InvalidInputError('failedOnly must be true or false');
  }
  return filter;
}

/**
 * Variables a worker completes with, as a request body gives them: an object whose every
 * value JSON can hold (finite numbers, texts, booleans, null, lists and objects of those,
 * nested at most 64 deep), the rule the server applies to a start's and a task's values.
 * Walked with a stack of its own, so no nesting can overflow the call stack.
 */
export function checkVariables(value: unknown, field: string): Variables {
  if (!isPlainObject(value)) throw new InvalidInputError(`${field} must be an object`);
  const maxDepth = EXTERNAL_TASK_LIMITS.valueDepth.max;
  const stack: { value: unknown; path: string; depth: number }[] = Object.entries(value).map(
    ([name, item]) => ({ value: item, path: `${field}.${name}`, depth: 1 }),
  );
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const { value: item, path, depth } = entry;
    if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
    if (typeof item === 'number' && Number.isFinite(item)) continue;
    const children = Array.isArray(item)
      ? item.map((child, index) => [String(index), child] as const)
      : isPlainObject(item)
        ? Object.entries(item)
        : undefined;
    if (children === undefined) throw new InvalidInputError(`${path} is not a JSON value`);
    if (depth >= maxDepth) {
      throw new InvalidInputError(`${path} nests deeper than ${maxDepth} levels`);
    }
    for (const [key, child] of children) {
      stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return value as Record<string, JsonValue>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
