import type { LocalizedOption } from '../../src/core/forms/fields/options';

/** How many matches the list shows at once; typing more narrows it. */
export const MAX_MATCHES = 50;

// Accents and case do not matter: "jose" finds "José".
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * The choices whose label contains what was typed, those starting with it first, at most
 * `MAX_MATCHES`; every choice (up to the limit) for empty text.
 */
export function matchOptions(
  options: readonly LocalizedOption[],
  query: string,
): LocalizedOption[] {
  const wanted = folded(query.trim());
  if (wanted === '') return options.slice(0, MAX_MATCHES);
  const starting: LocalizedOption[] = [];
  const containing: LocalizedOption[] = [];
  for (const option of options) {
    const label = folded(option.label);
    if (label.startsWith(wanted)) starting.push(option);
    else if (label.includes(wanted)) containing.push(option);
  }
  return [...starting, ...containing].slice(0, MAX_MATCHES);
}
