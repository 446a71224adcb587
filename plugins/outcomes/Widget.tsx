import { Button } from '@blueprintjs/core';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { outcomeModeOf } from '../../src/core/forms/fields/outcomeMode';
import { rankOutcomes } from '../../src/core/forms/fields/outcomeRank';
import { outcomesOf } from './outcomesOf';

/**
 * Outcome buttons placed in the form by its designer, ranked like the outcome bar's; hidden
 * when the form is read-only.
 */
export function OutcomesWidget({ inputId, text, runtime }: FieldWidgetProps) {
  if (runtime.readOnly) return null;
  const outcomes = outcomesOf(text.config);
  const ranks = rankOutcomes(outcomes);
  return (
    <div id={inputId} className="tf-outcomes" role="group">
      {outcomes.map((outcome, index) => (
        <Button
          key={outcome.key}
          intent={ranks[index]}
          data-outcome-mode={outcomeModeOf(outcome.type)}
          text={typeof outcome.label === 'string' ? outcome.label : outcome.key}
          onClick={() => runtime.host.requestOutcome(outcome)}
        />
      ))}
    </div>
  );
}
