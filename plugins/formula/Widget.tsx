import { Button, Classes } from '@blueprintjs/core';
import { useState } from 'react';
import { isFormulaError } from '../../src/forms/formula/formulaValue';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { formatFormulaValue, formulaDecimals } from './formatFormulaValue';

type FormulaView = 'calculation' | 'formula';

/**
 * A computed, read-only value. The calculation view shows the result; form authors
 * (access-test) may switch to the formula view to read the expression. Both views can be
 * copied.
 */
export function FormulaWidget({ field, inputId, errorId, value, text, runtime }: FieldWidgetProps) {
  const [view, setView] = useState<FormulaView>('calculation');
  const [copied, setCopied] = useState(false);
  const { t, accessTest } = runtime;
  const expression = typeof field.config.expression === 'string' ? field.config.expression : '';
  const showFormula = accessTest && view === 'formula';
  const shown = showFormula
    ? expression
    : formatFormulaValue(value, formulaDecimals(text.config), t);
  const failed = !showFormula && isFormulaError(value);
  const copy = () => {
    void navigator.clipboard?.writeText(shown).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div
      className={`${Classes.INPUT_GROUP} ${Classes.FILL} tf-formula${accessTest ? ' tf-formula-author' : ''}`}
    >
      <input
        id={inputId}
        type="text"
        readOnly
        className={inputClassName(failed, showFormula ? 'tf-formula-source' : 'tf-number')}
        value={shown}
        aria-describedby={errorId}
        aria-invalid={failed || undefined}
      />
      <span className={Classes.INPUT_ACTION}>
        {accessTest && (
          <Button
            variant="minimal"
            size="small"
            icon={showFormula ? 'calculator' : 'function'}
            title={t(showFormula ? 'fields.formula.showCalculation' : 'fields.formula.showFormula')}
            aria-label={t(
              showFormula ? 'fields.formula.showCalculation' : 'fields.formula.showFormula',
            )}
            aria-pressed={showFormula}
            onClick={() => {
              setView(showFormula ? 'calculation' : 'formula');
              setCopied(false);
            }}
          />
        )}
        <Button
          variant="minimal"
          size="small"
          icon={copied ? 'tick' : 'duplicate'}
          title={t(copied ? 'fields.formula.copied' : 'fields.formula.copy')}
          aria-label={t(copied ? 'fields.formula.copied' : 'fields.formula.copy')}
          disabled={shown === ''}
          onClick={copy}
        />
      </span>
    </div>
  );
}
