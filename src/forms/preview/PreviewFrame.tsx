import { Button, Callout } from '@blueprintjs/core';
import {
  DesktopIcon,
  MaximizeIcon,
  MinimizeIcon,
  MobilePhoneIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NormalizedOutcome } from '../../../schemas/forms';
import { localizeText } from '../../core/forms/compiler/localizeText';
import type { FormServices } from '../registry/formServices';
import type { FormValues } from '../runtime/FormValidator';
import { TaskForm } from '../runtime/TaskForm';
import type { Breakpoint } from '../runtime/planGrid';
import type { FormPreviewStore } from './FormPreviewStore';
import type { PreviewPart } from './splitCombinedForm';
import { useFitToWidth } from './useFitToWidth';

/**
 * The width each frame lays its form out at, in CSS pixels: the narrowest desktop, a
 * portrait tablet and a common phone, inside each breakpoint's range.
 */
export const FRAME_TRUE_WIDTH: Readonly<Record<Breakpoint, number>> = {
  desktop: 1175,
  tablet: 768,
  phone: 375,
};

/** Props of {@link PreviewFrame}. */
export interface PreviewFrameProps {
  /** The preview: language, references, where outcomes are reported. */
  readonly store: FormPreviewStore;
  /** The layout this frame forces. */
  readonly breakpoint: Breakpoint;
  /** The forms to render, one per part of a combined task. */
  readonly parts: readonly PreviewPart[];
  /** What the page offers the forms' fields (the directory of people and groups). */
  readonly services: FormServices;
}

/**
 * One device frame of the preview: the compiled form laid out at one breakpoint, in the
 * preview's language, in author mode (field ids shown), a combined task part by part with
 * a note where a part's form could not be used. The form is drawn at the breakpoint's true
 * width and scaled down to the frame, so the author sees the layout staff will see.
 *
 * A scaled-down form is a picture of the layout: its controls would be targets of a few
 * pixels, so it is inert and hidden from assistive technology. "Use at full size" draws it
 * at its true width (the frame scrolls sideways), where it can be filled in and submitted.
 */
export const PreviewFrame = observer(function PreviewFrame({
  store,
  breakpoint,
  parts,
  services,
}: PreviewFrameProps) {
  const { t } = useTranslation();
  const room = useRef<HTMLDivElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const trueWidth = FRAME_TRUE_WIDTH[breakpoint];
  const { scale, height } = useFitToWidth(room, screen, trueWidth);
  const [fullSize, setFullSize] = useState(false);
  const noteId = useId();
  const frameName = t(`preview.${breakpoint}`);
  // A frame that fits is usable as it is; one that is scaled down is only looked at.
  const scaled = scale < 1 && !fullSize;
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
    <figure
      className={`tfp-frame tfp-frame--${breakpoint}`}
      data-breakpoint={breakpoint}
      style={{ maxWidth: trueWidth + 2 }}
    >
      <figcaption className="tfp-frame__bar">
        {breakpoint === 'desktop' ? (
          <DesktopIcon />
        ) : (
          <MobilePhoneIcon className={breakpoint === 'tablet' ? 'tfp-frame__tablet-icon' : ''} />
        )}
        <span className="tfp-frame__name">{frameName}</span>
        <span className="tfp-frame__width" title={t(`preview.range.${breakpoint}`)}>
          {t('preview.drawnAt', {
            width: trueWidth,
            percent: fullSize ? 100 : Math.round(scale * 100),
          })}
        </span>
        {(scale < 1 || fullSize) && (
          <Button
            variant="minimal"
            size="small"
            icon={fullSize ? <MinimizeIcon /> : <MaximizeIcon />}
            text={fullSize ? t('preview.fitted') : t('preview.fullSize')}
            aria-pressed={fullSize}
            aria-describedby={scaled ? noteId : undefined}
            data-testid="preview-full-size"
            onClick={() => setFullSize((current) => !current)}
          />
        )}
      </figcaption>
      {scaled && (
        <p id={noteId} className="tfp-frame__note">
          {t('preview.scaledNote')}
        </p>
      )}
      <div
        className={`tfp-frame__room${fullSize ? ' is-full-size' : ''}`}
        ref={room}
        style={{ height: fullSize ? undefined : height }}
        // At full size the frame scrolls sideways: a keyboard can scroll it too.
        {...(fullSize ? { tabIndex: 0, role: 'region', 'aria-label': frameName } : {})}
      >
        <div
          className="tfp-frame__screen"
          ref={screen}
          lang={store.locale}
          data-true-width={trueWidth}
          data-scaled={scaled || undefined}
          inert={scaled}
          aria-hidden={scaled || undefined}
          style={{ width: trueWidth, transform: scaled ? `scale(${scale})` : undefined }}
        >
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
                  services={services}
                  breakpoint={breakpoint}
                  onSubmit={onSubmit}
                  onSaveDraft={onSaveDraft}
                />
              )}
            </div>
          ))}
        </div>
      </div>
    </figure>
  );
});
