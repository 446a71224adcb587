/** A variable an answer may fill: a form field's id, starting with a letter. */
export const ANSWER_VARIABLE_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,99}$';

/** Where in the answer a value is read: a property name, or a dotted path of up to 5. */
export const ANSWER_PATH_PATTERN =
  '^[A-Za-z_][A-Za-z0-9_]{0,99}(\\.[A-Za-z_][A-Za-z0-9_]{0,99}){0,4}$';

/** How many variables one button's answer may fill. */
export const MAX_ANSWER_FIELDS = 20;

/** The longest text an answer may put in a variable. */
export const MAX_ANSWER_TEXT = 1000;

/** A value an answer puts in a variable: a scalar, as a form field holds it. */
export type AnswerValue = string | number | boolean | null;

/** A button's `config.answerFields`: which variable (a field id) gets which part of the answer. */
export type AnswerFields = Readonly<Record<string, string>>;

/** Why an answer could not be read into the variables: the postscript's error codes. */
export const AnswerProblem = {
  /** The answer lacks a part the button reads. */
  missing: 'ANSWER_FIELD_MISSING',
  /** A part the button reads is a list, an object, or text too long for a field. */
  invalid: 'ANSWER_FIELD_INVALID',
} as const;
/** One of AnswerProblem's codes. */
export type AnswerProblem = (typeof AnswerProblem)[keyof typeof AnswerProblem];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const VARIABLE = new RegExp(ANSWER_VARIABLE_PATTERN);
const PATH = new RegExp(ANSWER_PATH_PATTERN);

/**
 * The variables a webhook button fills from its target's answer (`config.answerFields`,
 * `{ "bureauScore": "score" }`), the entries its designer schema allows; none when the
 * button only reports success or failure.
 */
export function answerFieldsOf(config: Readonly<Record<string, unknown>>): AnswerFields {
  const written = config.answerFields;
  if (!isRecord(written)) return {};
  return Object.fromEntries(
    Object.entries(written)
      .filter(
        (entry): entry is [string, string] =>
          VARIABLE.test(entry[0]) && typeof entry[1] === 'string' && PATH.test(entry[1]),
      )
      .slice(0, MAX_ANSWER_FIELDS),
  );
}

// The part of the answer a path names, by own properties only; undefined when absent.
function partAt(answer: Readonly<Record<string, unknown>>, path: string): unknown {
  let part: unknown = answer;
  for (const key of path.split('.')) {
    if (!isRecord(part) || !Object.hasOwn(part, key)) return undefined;
    part = part[key];
  }
  return part;
}

/**
 * The postscript's reading of a target's answer: each variable of `fields` gets the part of
 * the answer its path names. Every part must be there (null counts: the target says it has
 * no value) and be a scalar a field can hold; otherwise nothing is read and the problem's
 * code says why, so a half-read answer never fills half the form.
 */
export function readAnswerFields(
  answer: Readonly<Record<string, unknown>>,
  fields: AnswerFields,
): { ok: true; values: Record<string, AnswerValue> } | { ok: false; code: AnswerProblem } {
  const values: [string, AnswerValue][] = [];
  for (const [variable, path] of Object.entries(fields)) {
    const part = partAt(answer, path);
    if (part === undefined) return { ok: false, code: AnswerProblem.missing };
    const scalar =
      part === null ||
      typeof part === 'boolean' ||
      (typeof part === 'number' && Number.isFinite(part)) ||
      (typeof part === 'string' && part.length <= MAX_ANSWER_TEXT);
    if (!scalar) return { ok: false, code: AnswerProblem.invalid };
    values.push([variable, part]);
  }
  return { ok: true, values: Object.fromEntries(values) };
}
