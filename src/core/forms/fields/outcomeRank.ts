import type { NormalizedOutcome } from '../../../../schemas/forms';
import { outcomeModeOf } from './outcomeMode';

/** What an outcome means for the case, as far as its button's look goes. */
export type OutcomeKind = 'positive' | 'negative' | 'neutral';

/** How an outcome button is drawn: Blueprint's intents, without importing Blueprint here. */
export type OutcomeRank = 'primary' | 'danger' | 'none';

// Word stems of an outcome's key that say what it does (`approve`, `loanApproved`,
// `REJECT_APPLICATION`). The keys are the form author's and do not change with the language,
// unlike the labels.
const POSITIVE_STEMS = ['approv', 'accept', 'complet'];
const NEGATIVE_STEMS = ['reject', 'declin', 'deny', 'denie', 'refus'];

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '');
}

/**
 * The kind of an outcome, read from its key: forms carry no property that says it, so the
 * key's words decide (approve, accept, complete: positive; reject, decline, deny, refuse:
 * negative; anything else, such as refer or send back: neutral). A key with both reads as
 * negative, so a refusal is never drawn as the main action; saving outcomes are neutral.
 */
export function outcomeKindOf(outcome: NormalizedOutcome): OutcomeKind {
  if (outcomeModeOf(outcome.type) === 'save') return 'neutral';
  const words = wordsOf(outcome.key);
  const has = (stems: readonly string[]) =>
    words.some((word) => stems.some((stem) => word.startsWith(stem)));
  if (has(NEGATIVE_STEMS)) return 'negative';
  if (has(POSITIVE_STEMS)) return 'positive';
  return 'neutral';
}

/**
 * Ranks a bar's outcomes so Approve, Refer and Decline no longer look alike: positive ones
 * primary, negative ones danger, the others default. A bar with no positive outcome keeps its
 * first neutral submitting one primary (a lone Submit or Send is still the main action).
 */
export function rankOutcomes(outcomes: readonly NormalizedOutcome[]): OutcomeRank[] {
  const kinds = outcomes.map(outcomeKindOf);
  const main = kinds.includes('positive')
    ? -1
    : outcomes.findIndex(
        (outcome, index) => kinds[index] === 'neutral' && outcomeModeOf(outcome.type) === 'submit',
      );
  return kinds.map((kind, index) => {
    if (kind === 'positive' || index === main) return 'primary';
    return kind === 'negative' ? 'danger' : 'none';
  });
}
