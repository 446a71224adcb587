import { Classes } from '@blueprintjs/core';
import type { FieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import type { FieldRuntime } from '../registry/fieldPlugin';
import { describeVisibility } from './describeVisibility';
import { FieldIdChip } from './FieldIdChip';

const LABEL = `${Classes.LABEL} tf-label`;
// The asterisk is drawn by CSS (`::after`): the label keeps a single text child, one
// element less per required field, and inputs say `aria-required` themselves.
const LABEL_REQUIRED = `${LABEL} tf-label-required`;
const HELP = `${Classes.FORM_HELPER_TEXT} tf-help`;

/**
 * rjsf's field template for Tessera: the grid cell, the label with the required asterisk,
 * the field id for form authors, the widget, and the help text. Each field's slot renders
 * it, so it re-renders only with its own field, never with the rest of the form.
 */
export function FieldTemplate({
  id,
  fieldPathId,
  classNames,
  label,
  displayLabel,
  required,
  rawDescription,
  children,
  registry,
}: FieldTemplateProps<unknown, RJSFSchema, FieldRuntime>) {
  const { accessTest, t, host } = registry.formContext;
  // The form's root (an empty path) has no id to show.
  const fieldId = String(fieldPathId.path[fieldPathId.path.length - 1] ?? '');
  const chip = accessTest && fieldId !== '' ? <FieldIdChip fieldId={fieldId} t={t} /> : null;
  // Authors see when a conditional field is shown.
  const rule = accessTest && fieldId !== '' ? host.fieldOf(fieldId)?.visibleWhen : undefined;
  return (
    <div className={classNames}>
      {displayLabel ? (
        // Without the chip the text is the label's only child: no children array per field.
        <label htmlFor={id} className={required ? LABEL_REQUIRED : LABEL}>
          {chip ? (
            <>
              {label}
              {chip}
            </>
          ) : (
            label
          )}
        </label>
      ) : (
        chip && <div className="tf-label tf-label-id">{chip}</div>
      )}
      {children}
      {rawDescription && <div className={HELP}>{rawDescription}</div>}
      {rule && (
        <div className={`${HELP} tf-visible-when`} data-testid="field-visible-when">
          {t('forms.visibility.shownWhen', { condition: describeVisibility(rule, t) })}
        </div>
      )}
    </div>
  );
}
