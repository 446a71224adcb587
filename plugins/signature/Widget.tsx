import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { DownloadIcon, EditIcon, EraserIcon } from '@blueprintjs/icons';
import SignaturePad from 'signature_pad';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { LoadingOverlay } from '../../src/components/LoadingOverlay';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import type { FileService } from '../../src/forms/registry/formServices';
import { ServiceUnavailable } from '../../src/forms/registry/ServiceUnavailable';
import { useStoredFile } from '../../src/forms/registry/useStoredFile';
import { sanitizeSignature } from './validate';
import './signature.css';

/** Which confirmation is asked (spec 001 section 4: erase and exit each ask). */
type Confirming = 'erase' | 'exit' | null;

/** How the last save went: a first failure and a failed retry say different things. */
type SaveFailure = 'first' | 'retry' | null;

/** The drawing as a PNG, read straight from the canvas (no data URL, which the CSP may refuse). */
function pngOf(element: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    element.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('The drawing could not be read as an image.'));
    }, 'image/png');
  });
}

/** Gives the canvas as many pixels as the device shows in its box, so strokes stay sharp. */
function sizeCanvas(element: HTMLCanvasElement): void {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  element.width = element.offsetWidth * ratio;
  element.height = element.offsetHeight * ratio;
  element.getContext('2d')?.scale(ratio, ratio);
}

/** Shows a stored signature and offers it for download; used read-only and as a preview. */
function StoredSignature({
  fileId,
  files,
  alt,
  withDownload,
  t,
}: {
  readonly fileId: string;
  readonly files: FileService;
  readonly alt: string;
  readonly withDownload: boolean;
  readonly t: FieldWidgetProps['runtime']['t'];
}) {
  const { shown: file, failed } = useStoredFile(files, fileId);

  if (failed) {
    return (
      <p className={`${Classes.TEXT_MUTED} tf-signature__none`}>{t('signature.loadFailed')}</p>
    );
  }
  return (
    <div className="tf-signature__stored">
      <div className="tf-signature__frame">
        {file ? (
          <img
            className="tf-signature__image"
            src={file.url}
            alt={alt}
            data-testid="signature-image"
          />
        ) : (
          <div className={`${Classes.SKELETON} tf-signature__image`} />
        )}
      </div>
      {withDownload && file && (
        <a
          className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL} tf-signature__download`}
          href={file.url}
          download={file.file.name}
          data-testid="signature-download"
        >
          <DownloadIcon aria-hidden /> <span>{t('signature.download')}</span>
        </a>
      )}
    </div>
  );
}

/**
 * A signature field (spec 001 sections 3 to 5): a drawing pad in a dialog (mouse, touch and
 * pen through pointer events, smoothed strokes by signature_pad). Accept saves the drawing
 * as a PNG in the task's file store, only when something was drawn, and the field keeps the
 * file's id; erase and exit each ask first. A read-only field shows the image with a
 * download link. A failed save says so in the dialog and offers a retry.
 */
export function SignatureWidget({
  field,
  inputId,
  errorId,
  value,
  onChange,
  onBlur,
  readOnly,
  invalid,
  text,
  runtime,
}: FieldWidgetProps) {
  const { t } = runtime;
  const files = runtime.services.files;
  const fileId = sanitizeSignature(value);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [empty, setEmpty] = useState(true);
  // The pad listens only once the dialog has opened; until then a stroke would be lost.
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      pad.current?.off();
    };
  }, []);

  // The pad draws at the device's pixel density, so a signature is sharp on a phone too.
  const startPad = useCallback(() => {
    const element = canvas.current;
    if (!element) return;
    sizeCanvas(element);
    pad.current?.off();
    const drawing = new SignaturePad(element, {
      penColor: '#1c2127',
      // A white ground: the PNG reads on any background it is later shown on.
      backgroundColor: 'rgb(255, 255, 255)',
    });
    drawing.addEventListener('endStroke', () => setEmpty(drawing.isEmpty()));
    pad.current = drawing;
    setEmpty(true);
    setReady(true);
  }, []);

  // A phone turned on its side, or a window resized, changes the pad's size while the dialog
  // is open: the canvas is sized again and what was drawn is redrawn to the new size, so
  // strokes are neither stretched nor cut off.
  useEffect(() => {
    const element = canvas.current;
    if (!ready || !element || typeof ResizeObserver === 'undefined') return;
    let width = element.offsetWidth;
    let height = element.offsetHeight;
    const observer = new ResizeObserver(() => {
      const drawing = pad.current;
      if (!drawing || (element.offsetWidth === width && element.offsetHeight === height)) return;
      const scale = Math.min(element.offsetWidth / width, element.offsetHeight / height);
      width = element.offsetWidth;
      height = element.offsetHeight;
      const strokes = drawing.toData().map((stroke) => ({
        ...stroke,
        points: stroke.points.map((point) => ({
          ...point,
          x: point.x * scale,
          y: point.y * scale,
        })),
      }));
      sizeCanvas(element);
      drawing.fromData(strokes);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready]);

  const close = () => {
    pad.current?.off();
    pad.current = null;
    setReady(false);
    setConfirming(null);
    setFailure(null);
    setOpen(false);
    onBlur();
  };

  const erase = () => {
    pad.current?.clear();
    setEmpty(true);
    setConfirming(null);
  };

  const askToExit = () => {
    if (saving) return;
    if (pad.current && !pad.current.isEmpty()) setConfirming('exit');
    else close();
  };

  const accept = async () => {
    const drawing = pad.current;
    // Spec 001 section 5: a signature is saved only when the canvas is not empty.
    if (!files || !drawing || drawing.isEmpty()) return;
    setSaving(true);
    try {
      const element = canvas.current;
      if (!element) return;
      const blob = await pngOf(element);
      const stored = await files.upload(blob, {
        kind: 'signature',
        fieldId: field.id,
        fileName: `${field.id}.png`,
        ...(fileId ? { existingId: fileId } : {}),
      });
      if (!mounted.current) return;
      onChange(stored.id);
      close();
    } catch {
      if (mounted.current) setFailure((previous) => (previous === null ? 'first' : 'retry'));
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  const label = text.label || field.id;
  if (!files) {
    return <ServiceUnavailable service="files" field={field} t={t} id={inputId} />;
  }
  if (readOnly) {
    return (
      <div className="tf-signature" id={inputId}>
        {fileId ? (
          <StoredSignature
            fileId={fileId}
            files={files}
            alt={t('signature.image', { label })}
            withDownload
            t={t}
          />
        ) : (
          <p className={`${Classes.TEXT_MUTED} tf-signature__none`}>{t('signature.none')}</p>
        )}
      </div>
    );
  }

  return (
    <div className="tf-signature">
      {fileId && (
        <StoredSignature
          fileId={fileId}
          files={files}
          alt={t('signature.image', { label })}
          withDownload={false}
          t={t}
        />
      )}
      <Button
        id={inputId}
        ref={trigger}
        icon={<EditIcon />}
        variant="outlined"
        intent={invalid ? 'danger' : 'none'}
        text={fileId ? t('signature.signAgain') : t('signature.sign')}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        data-testid="signature-open"
        onClick={() => setOpen(true)}
      />
      <Dialog
        isOpen={open}
        title={`${t('signature.title')}: ${label}`}
        className="tf-signature__dialog"
        onOpened={startPad}
        onClose={askToExit}
        canOutsideClickClose={false}
        isCloseButtonShown={!saving}
      >
        <DialogBody>
          <p className={Classes.TEXT_MUTED}>{t('signature.hint')}</p>
          <canvas
            ref={canvas}
            className="tf-signature__pad"
            role="img"
            aria-label={t('signature.pad')}
            data-testid="signature-pad"
            data-ready={ready || undefined}
          />
          {failure && (
            <Callout intent="danger" className="tf-signature__failure" role="alert">
              <p>
                {failure === 'first'
                  ? t('outcome.signatureUploadingError')
                  : t('outcome.signatureRetryError')}
              </p>
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                variant="minimal"
                icon={<EraserIcon />}
                text={t('signature.erase')}
                disabled={empty || saving}
                onClick={() => setConfirming('erase')}
              />
              <Button text={t('signature.exit')} disabled={saving} onClick={askToExit} />
              <Button
                intent="primary"
                text={failure ? t('signature.retry') : t('signature.accept')}
                disabled={empty || saving}
                title={empty ? t('signature.emptyHint') : undefined}
                data-testid="signature-accept"
                onClick={() => void accept()}
              />
            </>
          }
        />
      </Dialog>
      <ConfirmDialog
        isOpen={confirming === 'erase'}
        title={t('signature.eraseTitle')}
        message={t('signature.eraseMessage')}
        primaryText={t('signature.eraseConfirm')}
        secondaryText={t('signature.keepDrawing')}
        primaryIntent="danger"
        onConfirm={erase}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        isOpen={confirming === 'exit'}
        title={t('signature.exitTitle')}
        message={t('signature.exitMessage')}
        primaryText={t('signature.exitConfirm')}
        secondaryText={t('signature.keepDrawing')}
        primaryIntent="danger"
        onConfirm={close}
        onCancel={() => setConfirming(null)}
        returnFocusTo={() => trigger.current}
      />
      <LoadingOverlay isOpen={saving} label={t('signature.uploading')} />
    </div>
  );
}
