import { observer } from 'mobx-react-lite';
import {
  EMPTY_VALUE_MARK,
  interpolateTemplate,
} from '../../src/core/forms/formula/interpolateTemplate';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { templateFieldIds } from '../../src/core/forms/fields/templateFieldIds';
import { describeValue } from './describeValue';

/**
 * Read-only text with `${field}` replaced by that field's value (a choice by its label; an
 * empty one by a dash, so the sentence has no gap).
 * An observer that reads only the fields its template names, so it follows them as they
 * change and ignores the rest of the form.
 */
export const ExpressionWidget = observer(function ExpressionWidget({
  inputId,
  text,
  runtime,
}: FieldWidgetProps) {
  const template = typeof text.config.expression === 'string' ? text.config.expression : '';
  const { host, t } = runtime;
  const shown: Record<string, string> = {};
  for (const fieldId of templateFieldIds(template)) {
    const source = host.fieldOf(fieldId);
    if (!source) continue;
    shown[fieldId] = describeValue(host.valueOf(fieldId), runtime.textOf(source).options, t);
  }
  return (
    <div id={inputId} className="tf-expression" aria-live="polite">
      {interpolateTemplate(template, shown, { empty: EMPTY_VALUE_MARK })}
    </div>
  );
});
