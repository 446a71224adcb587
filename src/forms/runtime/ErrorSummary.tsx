import { Callout } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { localizeText } from '../../core/forms/compiler/localizeText';
import type { Translate } from '../registry/fieldPlugin';
import { focusTarget, whenInDom } from './createErrorScroller';
import type { FormStore } from './FormStore';

/** Props of {@link ErrorSummary}. */
export interface ErrorSummaryProps {
  /** The form's state: its fields in order and the errors they show. */
  readonly store: FormStore;
  /** Prefix of the form's DOM ids: a field's control is `<prefix>_<fieldId>`. */
  readonly idPrefix: string;
  /** The form's language, for the fields' labels. */
  readonly locale: string;
  /** Translates in that language. */
  readonly t: Translate;
}

/** The fields, in form order, that show an error now and are on screen. */
export function fieldsInError(store: FormStore): string[] {
  return store
    .fieldIds()
    .filter((fieldId) => store.isShown(fieldId) && (store.errorsOf(fieldId)?.length ?? 0) > 0);
}

/**
 * The list of the fields that need attention, above a form once a submit was refused: each
 * a link that moves the focus to its field, so a long form's errors are found without
 * hunting. It follows the fields as they are put right and goes once none is left. It is no
 * live region: the form says the count once, through the page's live region.
 */
export const ErrorSummary = observer(function ErrorSummary({
  store,
  idPrefix,
  locale,
  t,
}: ErrorSummaryProps) {
  if (store.submitAttempts === 0) return null;
  const fieldIds = fieldsInError(store);
  if (fieldIds.length === 0) return null;
  return (
    <Callout
      intent="danger"
      className="tf-error-summary"
      title={t('forms.errorSummary.count', { count: fieldIds.length })}
      data-testid="form-error-summary"
    >
      <ul>
        {fieldIds.map((fieldId) => {
          const field = store.fieldOf(fieldId);
          const [error] = store.errorsOf(fieldId) ?? [];
          const controlId = `${idPrefix}_${fieldId}`;
          return (
            <li key={fieldId}>
              <a
                href={`#${controlId}`}
                data-field-id={fieldId}
                onClick={(event) => {
                  event.preventDefault();
                  store.reveal(fieldId);
                  whenInDom(
                    () => document.getElementById(controlId),
                    (control) => {
                      control.closest('.tf-cell')?.scrollIntoView?.({ block: 'center' });
                      focusTarget(control).focus({ preventScroll: true });
                    },
                  );
                }}
              >
                {t('forms.errorSummary.link', {
                  label: field ? localizeText(field.label, locale) || fieldId : fieldId,
                  error: error ? t(error.code, error.params) : '',
                })}
              </a>
            </li>
          );
        })}
      </ul>
    </Callout>
  );
});
