import type { NormalizedOutcome, OutcomeType } from '../../schemas/forms';
import { OUTCOME_TYPES } from '../../schemas/forms/formConstants';

/** Reads the buttons of an outcomes field's (localised) config; malformed entries are skipped. */
export function outcomesOf(config: Readonly<Record<string, unknown>>): NormalizedOutcome[] {
  const written = Array.isArray(config.outcomes) ? (config.outcomes as unknown[]) : [];
  return written.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { key, label, type } = entry as Record<string, unknown>;
    if (typeof key !== 'string' || key === '') return [];
    const outcomeType = (OUTCOME_TYPES as readonly unknown[]).includes(type)
      ? (type as OutcomeType)
      : 'DEFAULT';
    return [{ key, label: typeof label === 'string' ? label : key, type: outcomeType }];
  });
}
