import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  SegmentedControl,
} from '@blueprintjs/core';
import { DownloadIcon, EditIcon, EraserIcon } from '@blueprintjs/icons';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { SignatureMethod } from '../../schemas/api/filesConstants';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { LoadingOverlay } from '../../src/components/LoadingOverlay';
import {
  FileFieldButton,
  SaveFailureCallout,
  StoredFileImage,
  useFileField,
} from '../../src/forms/fileField';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import type { FileService } from '../../src/forms/registry/formServices';
import { ServiceUnavailable } from '../../src/forms/registry/ServiceUnavailable';
import { useStoredFile } from '../../src/forms/registry/useStoredFile';
import latinFont from './fonts/dancing-script-latin-400.woff2';
import latinExtFont from './fonts/dancing-script-latin-ext-400.woff2';
import {
  drawTypedSignature,
  loadSignatureFont,
  signedName,
  TYPED_NAME_MAX_LENGTH,
} from './typedSignature';
import { sanitizeSignature } from './validate';
import './signature.css';

/** The script face a typed signature is set in (Dancing Script, SIL Open Font License). */
const SIGNATURE_FONT = { latin: latinFont, latinExt: latinExtFont };

/** Which confirmation is asked (spec 001 section 4: erase and exit each ask). */
type Confirming = 'erase' | 'exit' | null;

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
      <StoredFileImage
        shown={file}
        alt={alt}
        frameClassName="tf-signature__frame"
        imageClassName="tf-signature__image"
        testId="signature-image"
      />
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
 *
 * Who cannot draw (a keyboard, a switch, a screen reader) types their name instead: the
 * dialog's "Type your name" mode sets it in a script face on the same canvas, and it is
 * saved as the same kind of PNG, its file marked as typed (`SignatureMethod`).
 */
export function SignatureWidget(props: FieldWidgetProps) {
  const { field, inputId, errorId, readOnly, invalid, text, runtime } = props;
  const { t } = runtime;
  const fileId = sanitizeSignature(props.value);
  const fileField = useFileField(props, { kind: 'signature', fileId });
  const { files, failure } = fileField;
  // Drawing or typing is locked while the signature is written and stored.
  const saving = fileField.busy !== null;
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [empty, setEmpty] = useState(true);
  // The pad listens only once the dialog has opened; until then a stroke would be lost.
  const [ready, setReady] = useState(false);
  const [method, setMethod] = useState<SignatureMethod>(SignatureMethod.drawn);
  const [typedName, setTypedName] = useState('');
  const nameInputId = useId();
  // The strokes drawn before switching to the typed mode, given back when switching back.
  const strokes = useRef<PointGroup[]>([]);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // The pad stops listening when the field leaves the page.
  useEffect(() => () => pad.current?.off(), []);

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
    if (strokes.current.length > 0) drawing.fromData(strokes.current);
    strokes.current = [];
    pad.current = drawing;
    setEmpty(drawing.isEmpty());
    setReady(true);
  }, []);

  // The typed mode draws the name on the canvas as it is typed, once the script face has
  // loaded (a canvas does not wait for a face), and again whenever the canvas changes size.
  useEffect(() => {
    const element = canvas.current;
    if (!open || method !== SignatureMethod.typed || !element) return undefined;
    let current = true;
    const draw = () => {
      if (!current) return;
      sizeCanvas(element);
      drawTypedSignature(element, typedName);
    };
    draw();
    void loadSignatureFont(SIGNATURE_FONT).then(draw);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(draw);
    observer?.observe(element);
    return () => {
      current = false;
      observer?.disconnect();
    };
  }, [open, method, typedName]);

  const chooseMethod = (next: SignatureMethod) => {
    if (next === method) return;
    if (next === SignatureMethod.typed) {
      // The drawing is kept aside, not lost: switching back draws it again.
      strokes.current = pad.current?.toData() ?? [];
      pad.current?.off();
      pad.current = null;
      setReady(false);
    }
    setMethod(next);
    if (next === SignatureMethod.drawn) {
      // The pad takes the canvas again once React has shown the drawing mode.
      requestAnimationFrame(startPad);
    }
  };

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
    strokes.current = [];
    setMethod(SignatureMethod.drawn);
    setTypedName('');
    setReady(false);
    setConfirming(null);
    fileField.forgetFailure();
    setOpen(false);
    props.onBlur();
  };

  const erase = () => {
    pad.current?.clear();
    setEmpty(true);
    setConfirming(null);
  };

  const typing = method === SignatureMethod.typed;
  const nothingToSave = typing ? signedName(typedName) === '' : empty;

  const askToExit = () => {
    if (saving) return;
    const started = typing
      ? signedName(typedName) !== '' || strokes.current.length > 0
      : pad.current !== null && !pad.current.isEmpty();
    if (started) setConfirming('exit');
    else close();
  };

  const accept = async () => {
    const drawing = pad.current;
    const element = canvas.current;
    // Spec 001 section 5: a signature is saved only when the canvas is not empty; a typed
    // one only when a name was typed.
    if (!files || nothingToSave || (!typing && !drawing) || !element) return;
    const png = async () => {
      if (typing) {
        // The face must be there before the canvas is read, or a fallback face is saved.
        await loadSignatureFont(SIGNATURE_FONT);
        sizeCanvas(element);
        drawTypedSignature(element, typedName);
      }
      return pngOf(element);
    };
    await fileField.store(
      png,
      { fileName: `${field.id}.png`, signatureMethod: method },
      {
        stored: (stored) => {
          props.onChange(stored.id);
          close();
        },
        failed: fileField.saveFailed,
      },
    );
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
      <FileFieldButton
        id={inputId}
        ref={trigger}
        icon={<EditIcon />}
        invalid={invalid}
        text={fileId ? t('signature.signAgain') : t('signature.sign')}
        describedBy={errorId}
        testId="signature-open"
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
          <SegmentedControl
            className="tf-signature__modes"
            aria-label={t('signature.modes')}
            fill
            value={method}
            disabled={saving}
            onValueChange={(next) =>
              chooseMethod(
                next === SignatureMethod.typed ? SignatureMethod.typed : SignatureMethod.drawn,
              )
            }
            options={[
              { value: SignatureMethod.drawn, label: t('signature.drawMode') },
              { value: SignatureMethod.typed, label: t('signature.typeMode') },
            ]}
            data-testid="signature-modes"
          />
          <p className={Classes.TEXT_MUTED}>
            {typing ? t('signature.typedHint') : t('signature.hint')}
          </p>
          {typing && (
            <FormGroup
              className="tf-signature__name"
              label={t('signature.typedName')}
              labelFor={nameInputId}
            >
              <InputGroup
                id={nameInputId}
                value={typedName}
                maxLength={TYPED_NAME_MAX_LENGTH}
                autoComplete="name"
                spellCheck={false}
                disabled={saving}
                data-testid="signature-typed-name"
                onValueChange={setTypedName}
                onKeyDown={(event) => {
                  // Enter signs, as the dialog's primary button would.
                  if (event.key === 'Enter' && !nothingToSave) {
                    event.preventDefault();
                    void accept();
                  }
                }}
              />
            </FormGroup>
          )}
          <canvas
            ref={canvas}
            className={`tf-signature__pad${typing ? ' tf-signature__pad--typed' : ''}`}
            role="img"
            aria-label={
              typing
                ? t('signature.typedPreview', { name: signedName(typedName) })
                : t('signature.pad')
            }
            data-testid="signature-pad"
            data-method={method}
            data-ready={ready || undefined}
          />
          <SaveFailureCallout className="tf-signature__failure">
            {failure && (
              <p>
                {failure === 'first'
                  ? t('outcome.signatureUploadingError')
                  : t('outcome.signatureRetryError')}
              </p>
            )}
          </SaveFailureCallout>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {!typing && (
                <Button
                  variant="minimal"
                  icon={<EraserIcon />}
                  text={t('signature.erase')}
                  disabled={empty || saving}
                  onClick={() => setConfirming('erase')}
                />
              )}
              <Button text={t('signature.exit')} disabled={saving} onClick={askToExit} />
              <Button
                intent="primary"
                text={failure ? t('signature.retry') : t('signature.accept')}
                disabled={nothingToSave || saving}
                title={
                  nothingToSave
                    ? t(typing ? 'signature.typedEmptyHint' : 'signature.emptyHint')
                    : undefined
                }
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
        message={t(typing ? 'signature.exitTypedMessage' : 'signature.exitMessage')}
        primaryText={t('signature.exitConfirm')}
        secondaryText={t(typing ? 'signature.keepTyping' : 'signature.keepDrawing')}
        primaryIntent="danger"
        onConfirm={close}
        onCancel={() => setConfirming(null)}
        returnFocusTo={() => trigger.current}
      />
      <LoadingOverlay isOpen={saving} label={t('signature.uploading')} />
    </div>
  );
}
