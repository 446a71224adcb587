import { Button } from '@blueprintjs/core';
import type { NormalizedOutcome } from '../../../schemas/forms';
import { localizeText } from '../../core/forms/compiler/localizeText';
import type { Translate } from '../registry/fieldPlugin';
import { outcomeModeOf } from '../../core/forms/fields/outcomeMode';
import { rankOutcomes } from '../../core/forms/fields/outcomeRank';

/** Props of {@link OutcomeBar}. */
export interface OutcomeBarProps {
  /** The form's outcome buttons, in order. */
  readonly outcomes: readonly NormalizedOutcome[];
  /** The language of their labels. */
  readonly locale: string;
  /** Translates the Save button. */
  readonly t: Translate;
  /** Runs an outcome (validated first when it submits). */
  onOutcome(outcome: NormalizedOutcome): void;
  /** Saves a draft; without it there is no Save button. */
  onSaveDraft?: () => void;
  /** The key of the action under way (`'draft'` for Save), which shows a spinner; all wait. */
  readonly busyKey: string | null;
}

/**
 * The buttons under the form: Save (a draft, when the page can keep one) and the form's
 * outcomes, ranked by kind (the main positive one primary, refusals danger, the rest default).
 */
export function OutcomeBar({
  outcomes,
  locale,
  t,
  onOutcome,
  onSaveDraft,
  busyKey,
}: OutcomeBarProps) {
  const busy = busyKey !== null;
  const ranks = rankOutcomes(outcomes);
  return (
    <div className="tf-outcome-bar" role="group" aria-label={t('forms.outcomes')}>
      {onSaveDraft && (
        <Button
          text={t('forms.saveDraft')}
          icon="floppy-disk"
          loading={busyKey === 'draft'}
          disabled={busy && busyKey !== 'draft'}
          onClick={onSaveDraft}
        />
      )}
      {outcomes.map((outcome, index) => (
        <Button
          key={outcome.key}
          text={localizeText(outcome.label, locale)}
          intent={ranks[index]}
          data-outcome-mode={outcomeModeOf(outcome.type)}
          loading={busyKey === outcome.key}
          disabled={busy && busyKey !== outcome.key}
          onClick={() => onOutcome(outcome)}
        />
      ))}
    </div>
  );
}
