import { Classes } from '@blueprintjs/core';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { isFormulaError } from '../../src/core/forms/formula/formulaValue';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { showsPercent } from '../../src/core/forms/fields/showsPercent';
import { formatFormulaValue, formulaDecimals } from './formatFormulaValue';
import { IconButton } from '../../src/components/IconButton';

type FormulaView = 'calculation' | 'formula';

/**
 * A computed, read-only value. The calculation view shows the result, or under the input
 * the translated reason it cannot be computed; form authors (access-test) may switch to
 * the formula view to read the expression. Both views can be copied.
 */
export function FormulaWidget({ field, inputId, errorId, value, text, runtime }: FieldWidgetProps) {
  const [view, setView] = useState<FormulaView>('calculation');
  const [copied, setCopied] = useState(false);
  const { t, accessTest } = runtime;
  const expression = typeof field.config.expression === 'string' ? field.config.expression : '';
  const showFormula = accessTest && view === 'formula';
  const failed = !showFormula && isFormulaError(value);
  // A formula that cannot be computed leaves the input empty and says why under it, as
  // any field's error does: a message inside a read-only input reads as the value.
  const shown = showFormula
    ? expression
    : failed
      ? ''
      : formatFormulaValue(
          value,
          formulaDecimals(text.config),
          t,
          runtime.locale,
          showsPercent(text.config),
        );
  const message = isFormulaError(value) ? t(`validation.${value.code}`, value.params) : '';
  const messageId = `${inputId}__error`;
  // The buttons keep their handlers from render to render, so a value that changes on
  // every keystroke elsewhere re-renders the input, not the buttons and their tooltips.
  const shownNow = useRef(shown);
  useLayoutEffect(() => {
    shownNow.current = shown;
  }, [shown]);
  const copy = useCallback(() => {
    void navigator.clipboard?.writeText(shownNow.current).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }, []);
  const toggleView = useCallback(() => {
    setView((now) => (now === 'formula' ? 'calculation' : 'formula'));
    setCopied(false);
  }, []);
  return (
    <>
      <div
        className={`${Classes.INPUT_GROUP} ${Classes.FILL} tf-formula${accessTest ? ' tf-formula-author' : ''}`}
      >
        <input
          id={inputId}
          type="text"
          readOnly
          className={inputClassName(failed, showFormula ? 'tf-formula-source' : 'tf-number')}
          value={shown}
          aria-describedby={failed ? messageId : errorId}
          aria-invalid={failed || undefined}
        />
        <span className={Classes.INPUT_ACTION}>
          {accessTest && (
            <IconButton
              variant="minimal"
              size="small"
              icon={showFormula ? 'calculator' : 'function'}
              label={t(
                showFormula ? 'fields.formula.showCalculation' : 'fields.formula.showFormula',
              )}
              aria-pressed={showFormula}
              onClick={toggleView}
            />
          )}
          <IconButton
            variant="minimal"
            size="small"
            icon={copied ? 'tick' : 'duplicate'}
            label={t(copied ? 'fields.formula.copied' : 'fields.formula.copy')}
            disabled={shown === ''}
            onClick={copy}
          />
        </span>
      </div>
      {/* Always there, hidden while the formula computes: see the field slot's error box. */}
      <div id={messageId} className="tf-errors" role="alert" hidden={!failed}>
        {failed ? message : ''}
      </div>
    </>
  );
}
