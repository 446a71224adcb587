const MAX_PATTERN_LENGTH = 500;
const MAX_REMEMBERED = 500;

// Forms repeat the same few patterns across many fields; the verdict is remembered.
const verdicts = new Map<string, boolean>();

/**
 * Decides whether a validation pattern from a form definition may be run against user
 * input. It must compile as a Unicode regular expression (what JSON Schema validators
 * use) and must not be open to catastrophic backtracking: no back-references and no
 * group of variable length repeated without bound, such as `(a+)+` or `(\w*)*`.
 * The check is deliberately conservative: a refused pattern only costs a warning.
 */
export function isSafePattern(pattern: string): boolean {
  const known = verdicts.get(pattern);
  if (known !== undefined) return known;
  const verdict = checkPattern(pattern);
  if (verdicts.size >= MAX_REMEMBERED) verdicts.clear();
  verdicts.set(pattern, verdict);
  return verdict;
}

function checkPattern(pattern: string): boolean {
  // 1. Bound the size; a pattern this long is not hand-written validation.
  if (pattern.length > MAX_PATTERN_LENGTH) return false;
  // 2. It must compile the way the schema validator will compile it.
  try {
    new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  // 3. Walk the source once, tracking for each open group whether it holds a
  //    variable-length quantifier (`*`, `+`, `?`, `{n,}`, `{n,m}`).
  const groupIsVariable: boolean[] = [];
  const markVariable = () => {
    if (groupIsVariable.length > 0) groupIsVariable[groupIsVariable.length - 1] = true;
  };
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '\\') {
      // A back-reference (\1 or \k<name>) can force exponential matching.
      const next = pattern[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || next === 'k')) return false;
      i += 1;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') {
      inClass = true;
    } else if (ch === '(') {
      groupIsVariable.push(false);
    } else if (ch === ')') {
      const innerVariable = groupIsVariable.pop() ?? false;
      const outer = quantifierAt(pattern, i + 1);
      // 4. A variable-length group repeated without bound is the classic ReDoS shape;
      //    `( \d{3})*` (fixed inside) and `(-\d+)?` (bounded outside) stay allowed.
      if (innerVariable && outer === 'unbounded') return false;
      if (innerVariable || outer !== 'none') markVariable();
    } else {
      const quantifier = quantifierAt(pattern, i);
      if (quantifier === 'unbounded' || quantifier === 'variable') markVariable();
    }
  }
  return true;
}

type Quantifier = 'none' | 'fixed' | 'variable' | 'unbounded';

// What quantifies the atom ending just before `index`. `?` right after `(` opens a group
// kind (`(?:`), it is not a quantifier.
function quantifierAt(pattern: string, index: number): Quantifier {
  const ch = pattern[index];
  if (ch === '*' || ch === '+') return 'unbounded';
  if (ch === '?') return pattern[index - 1] === '(' ? 'none' : 'variable';
  if (ch !== '{') return 'none';
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
  if (!match) return 'none';
  if (match[2] === undefined) return 'fixed';
  if (match[3] === '') return 'unbounded';
  return match[1] === match[3] ? 'fixed' : 'variable';
}
