import { Callout } from '@blueprintjs/core';
import { DesktopIcon, MobilePhoneIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { NormalizedOutcome } from '../../../schemas/forms';
import { localizeText } from '../compiler/localizeText';
import type { FormValues } from '../runtime/FormValidator';
import { TaskForm } from '../runtime/TaskForm';
import type { Breakpoint } from '../runtime/planGrid';
import type { FormPreviewStore } from './FormPreviewStore';
import type { PreviewPart } from './splitCombinedForm';

/** Props of {@link PreviewFrame}. */
export interface PreviewFrameProps {
  /** The preview: language, references, where outcomes are reported. */
  readonly store: FormPreviewStore;
  /** The layout this frame forces. */
  readonly breakpoint: Breakpoint;
  /** The forms to render, one per part of a combined task. */
  readonly parts: readonly PreviewPart[];
}

/**
 * One device frame of the preview: the compiled form laid out at one breakpoint, in the
 * preview's language, in author mode (field ids shown), a combined task part by part with
 * a note where a part's form could not be used.
 */
export const PreviewFrame = observer(function PreviewFrame({
  store,
  breakpoint,
  parts,
}: PreviewFrameProps) {
  const { t } = useTranslation();
  const frameName = t(`preview.${breakpoint}`);
  const onSubmit = (outcome: NormalizedOutcome, values: FormValues) =>
    store.recordSubmission({
      outcome: localizeText(outcome.label, store.locale),
      breakpoint,
      draft: false,
      values,
    });
  const onSaveDraft = (values: FormValues) =>
    store.recordSubmission({ outcome: '', breakpoint, draft: true, values });

  return (
    <figure className={`tfp-frame tfp-frame--${breakpoint}`} data-breakpoint={breakpoint}>
      <figcaption className="tfp-frame__bar">
        {breakpoint === 'desktop' ? (
          <DesktopIcon />
        ) : (
          <MobilePhoneIcon className={breakpoint === 'tablet' ? 'tfp-frame__tablet-icon' : ''} />
        )}
        <span className="tfp-frame__name">{frameName}</span>
        <span className="tfp-frame__width">{t(`preview.range.${breakpoint}`)}</span>
      </figcaption>
      <div className="tfp-frame__screen" lang={store.locale}>
        {parts.map(({ part, form }, index) => (
          <div key={`${form.id}:${index}`} className="tfp-frame__part">
            {part && (
              <p className="tfp-frame__part-title">
                <span>{t('preview.partOf', { n: index + 1, m: parts.length })}</span>
                {localizeText(part.name, store.locale)}
              </p>
            )}
            {part && !part.resolved ? (
              <Callout intent="warning" icon={<WarningSignIcon />} compact>
                {store.result?.refs.some((ref) => ref.ref === part.formId && !ref.resolved)
                  ? t('preview.refs.unresolved', { ref: part.formId })
                  : t('preview.refs.unusable', { ref: part.formId })}
              </Callout>
            ) : (
              <TaskForm
                form={form}
                locale={store.locale}
                accessTest
                breakpoint={breakpoint}
                onSubmit={onSubmit}
                onSaveDraft={onSaveDraft}
              />
            )}
          </div>
        ))}
      </div>
    </figure>
  );
});
