import { describe, expect, it } from 'vitest';
import type { NormalizedOutcome } from '../../../../schemas/forms';
import { outcomeKindOf, rankOutcomes } from './outcomeRank';

const outcome = (key: string, type: NormalizedOutcome['type'] = 'DEFAULT'): NormalizedOutcome => ({
  key,
  label: key,
  type,
});

describe('rankOutcomes', () => {
  it('given Approve, Refer to supervisor and Decline, then approve is primary, decline danger and refer default', () => {
    const ranks = rankOutcomes([outcome('approve'), outcome('refer'), outcome('decline')]);

    expect(ranks).toEqual(['primary', 'none', 'danger']);
  });

  it('given keys in any case or style, then their words decide the kind', () => {
    expect(
      ['loanApproved', 'ACCEPT_OFFER', 'complete', 'reject-application', 'denied', 'sendBack'].map(
        (key) => outcomeKindOf(outcome(key)),
      ),
    ).toEqual(['positive', 'positive', 'positive', 'negative', 'negative', 'neutral']);
  });

  it('given a saving outcome named like an approval, then it is not the main action', () => {
    expect(rankOutcomes([outcome('approveDraft', 'ONLY_FORM_SAVE'), outcome('send')])).toEqual([
      'none',
      'primary',
    ]);
  });

  it('given no positive outcome, then the first neutral submitting one stays primary and refusals stay danger', () => {
    expect(rankOutcomes([outcome('reject'), outcome('submit'), outcome('later')])).toEqual([
      'danger',
      'primary',
      'none',
    ]);
  });
});
