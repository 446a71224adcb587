import type { Translate } from '../core/format';

/**
 * Remembers the answers of a translate function: a page repeats the same few labels ('Open',
 * '3d ago', the due-date flag meanings) on every row, and each i18next lookup costs more than
 * the cell around it.
 */
export function cachingTranslate(t: Translate): Translate {
  const answers = new Map<string, string>();
  return (key, values) => {
    const id = values ? `${key}\u0000${JSON.stringify(values)}` : key;
    let answer = answers.get(id);
    if (answer === undefined) {
      answer = t(key, values);
      answers.set(id, answer);
    }
    return answer;
  };
}
