import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import {
  CameraIcon,
  DownloadIcon,
  EditIcon,
  EyeOpenIcon,
  MediaIcon,
  TrashIcon,
} from '@blueprintjs/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { saveFile } from '../../src/components/saveFile';
import { LoadingOverlay } from '../../src/components/LoadingOverlay';
import {
  DeleteFileDialog,
  FileChooser,
  FileFieldButton,
  fileRefusal,
  SaveFailureCallout,
  StoredFileImage,
  useFileField,
  type FileRefusalReason,
} from '../../src/forms/fileField';
import { describedBy } from '../../src/forms/registry/FieldMessage';
import type { FieldWidgetProps, Translate } from '../../src/forms/registry/fieldPlugin';
import { ServiceUnavailable } from '../../src/forms/registry/ServiceUnavailable';
import { useStoredFile } from '../../src/forms/registry/useStoredFile';
import { BlobImage } from './BlobImage';
import { CameraDialog } from './CameraDialog';
import { PictureEditor, type EditedPicture } from './PictureEditor';
import { decodePicture, exportPicture } from './pictureImage';
import {
  aspectOf,
  PICTURE_EXTENSIONS,
  PICTURE_MAX_BYTES,
  PICTURE_MEDIA_TYPES,
  pictureFileProblem,
  QUALITY_PRESETS,
  qualityOf,
} from './pictureSettings';
import { PictureViewer } from './PictureViewer';
import { isPictureId, sanitizePicture } from './validate';
import './picture.css';

/** The dialog the field shows, and the picture it works on. */
type Step =
  | { readonly kind: 'source' }
  | { readonly kind: 'camera' }
  | { readonly kind: 'preview'; readonly photo: Blob }
  | {
      readonly kind: 'editor';
      readonly photo: Blob;
      readonly from: 'camera' | 'gallery' | 'stored';
    }
  | { readonly kind: 'viewer' };

/** Why a chosen or saved picture was refused, as the message it shows. */
type Problem = 'size' | 'format' | 'unreadable' | null;

/**
 * The store's refusals a picture shows as a problem; any other failure (a spreadsheet's
 * refusal never meets a picture) is offered a retry.
 */
const REFUSAL_PROBLEMS: Partial<Record<FileRefusalReason, Problem>> = {
  tooLarge: 'size',
  unreadable: 'unreadable',
  typeNotAllowed: 'format',
};

/** The store's refusal of an upload, as the problem it shows; null for any other failure. */
function refusalOf(error: unknown): Problem {
  const reason = fileRefusal(error);
  return reason === null ? null : (REFUSAL_PROBLEMS[reason] ?? null);
}

/** A problem's message (spec 001 sections 5 and 8). */
function problemText(problem: Exclude<Problem, null>, t: Translate): string {
  if (problem === 'size') return t('common.imageUploadErrorMessage');
  return problem === 'format' ? t('picture.fileFormatError') : t('picture.unreadable');
}

/** How many frames focus waits for closing overlays at most (about two seconds). */
const SETTLE_FRAMES = 120;

/**
 * Focuses an element once no overlay is opening or closing any more: a closing overlay gives
 * focus back to what had it before, which may be a button that is gone by now.
 */
function focusWhenSettled(target: () => HTMLElement | null): void {
  const busy = `.${Classes.OVERLAY}-enter, .${Classes.OVERLAY}-exit`;
  const step = (left: number) => {
    if (left > 0 && document.querySelector(busy)) requestAnimationFrame(() => step(left - 1));
    else target()?.focus();
  };
  requestAnimationFrame(() => step(SETTLE_FRAMES));
}

/** Whether the browser says the camera is refused to this site; asking it prompts nobody. */
function useCameraDenied(enabled: boolean): boolean {
  const [denied, setDenied] = useState(false);
  useEffect(() => {
    if (!enabled || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    const update = () => setDenied(status?.state === 'denied');
    navigator.permissions.query({ name: 'camera' as PermissionName }).then(
      (answer) => {
        status = answer;
        update();
        answer.addEventListener('change', update);
      },
      // A browser that cannot say (Firefox) is asked when the camera opens.
      () => undefined,
    );
    return () => status?.removeEventListener('change', update);
  }, [enabled]);
  return denied;
}

/**
 * A picture field (spec 001 sections 2 to 5, 8 and 9): add a photo from the camera (the rear
 * one) or the gallery (PNG or JPEG, one file, at most 5 MB), see it, take it again or choose
 * another, use it as it is or edit it (crop, rotate, zoom), and save it as a JPEG of the
 * field's quality preset in the task's file store; the field keeps the file's id. A stored
 * photo can be viewed with zoom, edited again (same id), replaced or deleted after a
 * confirmation. Leaving a dialog with a photo not yet saved asks first. A read-only field
 * shows the photo with a download.
 */
export function PictureWidget(props: FieldWidgetProps) {
  const { field, inputId, errorId, onBlur, readOnly, invalid, text, runtime } = props;
  const { t } = runtime;
  const sanitized = sanitizePicture(props.value);
  const fileId = isPictureId(sanitized) ? sanitized : null;
  const fileField = useFileField(props, { kind: 'picture', fileId });
  const { files, mounted, busy, setBusy, failure } = fileField;
  const [revision, setRevision] = useState(0);
  const [step, setStep] = useState<Step | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [choiceProblem, setChoiceProblem] = useState<Problem>(null);
  const [saveProblem, setSaveProblem] = useState<Problem>(null);
  const [notice, setNotice] = useState<'deleteSuccess' | 'deleteError' | 'loadFailed' | null>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLElement | null>(null);
  // Set by a delete: the buttons of the picture go with it, so focus goes to the field's.
  const focusAfterDelete = useRef(false);
  // The JPEG of a failed save, so a retry sends it again without writing it anew.
  const pending = useRef<Blob | null>(null);
  const cameraDenied = useCameraDenied(!readOnly && Boolean(files));
  // A download that is not a JPEG or a PNG is refused (spec 001 section 5).
  const { shown: picture, failed } = useStoredFile(files, fileId, {
    revision,
    accept: PICTURE_MEDIA_TYPES,
  });
  useEffect(() => {
    if (fileId !== null || !focusAfterDelete.current) return;
    focusAfterDelete.current = false;
    focusWhenSettled(() => document.getElementById(inputId));
  }, [fileId, inputId]);

  const preview = step?.kind === 'preview' ? step.photo : null;

  const label = text.label || field.id;
  const quality = QUALITY_PRESETS[qualityOf(text.config)];
  const aspect = aspectOf(text.config);
  const messageId = `${inputId}-picture-message`;

  /** Opens a dialog, forgetting the last one's failure. */
  const go = (next: Step | null) => {
    pending.current = null;
    fileField.forgetFailure();
    setSaveProblem(null);
    setDiscarding(false);
    fileField.keepFile();
    if (next?.kind !== 'source') setChoiceProblem(null);
    setStep(next);
  };

  const finish = () => {
    go(null);
    setChoiceProblem(null);
    onBlur();
  };

  /**
   * After the last dialog has closed, focus goes back to the button that opened the first one,
   * or to the field's main button when that one is gone (a deleted picture has no view).
   */
  const refocus = useCallback(() => {
    focusWhenSettled(() => {
      // Another dialog of the field took over (the camera after the source), or focus found
      // its own way (a toast's button): nothing to do.
      if (document.querySelector(`.${Classes.OVERLAY_OPEN}`)) return null;
      const active = document.activeElement;
      if (active && active !== document.body && !active.closest(`.${Classes.OVERLAY}`)) {
        return null;
      }
      const opener = trigger.current;
      trigger.current = null;
      return opener?.isConnected && !opener.matches(':disabled')
        ? opener
        : document.getElementById(inputId);
    });
  }, [inputId]);

  /** Opens a dialog from one of the field's buttons, which gets focus back afterwards. */
  const open = (next: Step, opener: HTMLElement) => {
    trigger.current = opener;
    setNotice(null);
    go(next);
  };

  /** Writes the picture as a JPEG of the field's preset and stores it (spec 001 section 5). */
  const save = async (produce: () => Promise<Blob>) => {
    setSaveProblem(null);
    // A retry sends the JPEG kept from the failed save; a first save writes and keeps it.
    const jpeg =
      pending.current ??
      (async () => {
        const written = await produce();
        pending.current = written;
        return written;
      });
    await fileField.store(
      jpeg,
      { fileName: `${field.id}.jpg` },
      {
        stored: (stored) => {
          props.onChange(stored.id);
          setRevision((previous) => previous + 1);
          setNotice(null);
          finish();
        },
        failed: (error) => {
          // No JPEG: the picture could not be read or written, and a retry would not help.
          if (!pending.current) {
            setSaveProblem('unreadable');
            return;
          }
          const refusal = refusalOf(error);
          if (refusal) {
            pending.current = null;
            setSaveProblem(refusal);
          } else {
            fileField.saveFailed();
          }
        },
      },
    );
  };

  /** The whole picture, as taken or chosen. */
  const saveAsIs = (photo: Blob) =>
    void save(async () => {
      const bitmap = await decodePicture(photo);
      try {
        return await exportPicture(
          bitmap,
          { left: 0, top: 0, width: bitmap.width, height: bitmap.height },
          quality,
        );
      } finally {
        bitmap.close();
      }
    });

  const saveEdited = ({ source, rect }: EditedPicture) =>
    void save(() => exportPicture(source, rect, quality));

  /** A file from the gallery: checked by name, type and size, then read, then previewed. */
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = pictureFileProblem(file);
    if (problem) {
      setChoiceProblem(problem);
      return;
    }
    setChoiceProblem(null);
    setBusy('preparing');
    try {
      (await decodePicture(file)).close();
      if (mounted.current) go({ kind: 'preview', photo: file });
    } catch {
      if (mounted.current) setChoiceProblem('unreadable');
    } finally {
      if (mounted.current) setBusy(null);
    }
  };

  const editStored = (opener: HTMLElement) => {
    if (picture) open({ kind: 'editor', photo: picture.file, from: 'stored' }, opener);
  };

  const remove = () =>
    fileField.remove({
      removed: () => {
        setNotice('deleteSuccess');
        focusAfterDelete.current = true;
      },
      failed: () => setNotice('deleteError'),
    });

  /** Leaving a dialog: a photo not yet saved is lost, so the user is asked first. */
  const leave = (unsaved: boolean) => {
    if (busy) return;
    if (unsaved) setDiscarding(true);
    else finish();
  };

  const download = () => {
    if (!picture) return;
    saveFile(picture.file, picture.file.name || `${field.id}.jpg`);
  };

  if (!files) return <ServiceUnavailable service="files" field={field} t={t} id={inputId} />;

  const alt = t('picture.image', { label });
  const failureText =
    saveProblem !== null
      ? problemText(saveProblem, t)
      : failure === 'first'
        ? t('outcome.pictureUploadingError')
        : failure === 'retry'
          ? t('outcome.pictureRetryError')
          : null;
  const shownNotice = failed ? 'loadFailed' : notice;
  const maxMegabytes = Math.round(PICTURE_MAX_BYTES / (1024 * 1024));

  return (
    <div className="tf-picture">
      {fileId && !failed && (
        <StoredFileImage
          shown={picture}
          alt={alt}
          frameClassName="tf-picture__frame"
          imageClassName="tf-picture__thumb"
          testId="picture-image"
          revision={revision}
        />
      )}
      {!fileId && readOnly && (
        <p className={`${Classes.TEXT_MUTED} tf-picture__none`} id={inputId}>
          {t('picture.none')}
        </p>
      )}
      <div className="tf-picture__actions">
        {!readOnly && (
          <FileFieldButton
            id={inputId}
            icon={<CameraIcon />}
            invalid={invalid}
            text={fileId ? t('picture.replace') : t('picture.add')}
            describedBy={describedBy(errorId, shownNotice && messageId)}
            testId="picture-open"
            onClick={(event) => open({ kind: 'source' }, event.currentTarget)}
          />
        )}
        {fileId && picture && (
          <>
            <Button
              id={readOnly ? inputId : undefined}
              variant="minimal"
              icon={<EyeOpenIcon />}
              text={t('picture.view')}
              data-testid="picture-view"
              onClick={(event) => open({ kind: 'viewer' }, event.currentTarget)}
            />
            {readOnly ? (
              <Button
                variant="minimal"
                icon={<DownloadIcon />}
                text={t('picture.download')}
                data-testid="picture-download"
                onClick={download}
              />
            ) : (
              <>
                <Button
                  variant="minimal"
                  icon={<EditIcon />}
                  text={t('picture.edit')}
                  data-testid="picture-edit"
                  onClick={(event) => editStored(event.currentTarget)}
                />
                <Button
                  variant="minimal"
                  intent="danger"
                  icon={<TrashIcon />}
                  text={t('picture.delete')}
                  data-testid="picture-delete"
                  onClick={(event) => {
                    trigger.current = event.currentTarget;
                    fileField.askToDelete();
                  }}
                />
              </>
            )}
          </>
        )}
      </div>
      <p
        id={messageId}
        className={`tf-picture__message${shownNotice && shownNotice !== 'deleteSuccess' ? ' tf-picture__message--error' : ''}`}
        role={shownNotice && shownNotice !== 'deleteSuccess' ? 'alert' : 'status'}
        data-testid="picture-message"
      >
        {shownNotice && t(`picture.${shownNotice}`)}
      </p>

      {!readOnly && (
        <FileChooser
          ref={gallery}
          accept={[
            ...PICTURE_EXTENSIONS.map((extension) => `.${extension}`),
            ...PICTURE_MEDIA_TYPES,
          ].join(',')}
          testId="picture-file-input"
          onChoose={(file) => void choose(file)}
        />
      )}

      <Dialog
        isOpen={step?.kind === 'source'}
        title={t('picture.sourceTitle', { label })}
        className="tf-picture__dialog tf-picture__dialog--source"
        onClose={() => leave(false)}
        onClosed={refocus}
        shouldReturnFocusOnClose={false}
      >
        <DialogBody>
          <p>{t('picture.sourceMessage')}</p>
          <div className="tf-picture__sources">
            <Button
              size="large"
              icon={<CameraIcon />}
              text={t('picture.camera')}
              disabled={cameraDenied}
              aria-describedby={cameraDenied ? `${inputId}-camera-denied` : undefined}
              data-testid="picture-source-camera"
              onClick={() => go({ kind: 'camera' })}
            />
            <Button
              size="large"
              icon={<MediaIcon />}
              text={t('picture.gallery')}
              data-testid="picture-source-gallery"
              onClick={() => gallery.current?.click()}
            />
          </div>
          <p className={`${Classes.TEXT_MUTED} tf-picture__hint`}>
            {t('picture.hint', { size: maxMegabytes })}
          </p>
          {cameraDenied && (
            <Callout intent="warning" id={`${inputId}-camera-denied`}>
              {t('picture.cameraUnavailable')}
            </Callout>
          )}
          {choiceProblem && (
            <Callout
              intent="danger"
              role="alert"
              className="tf-picture__failure"
              data-testid="picture-choice-problem"
            >
              {problemText(choiceProblem, t)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={<Button text={t('picture.cancel')} onClick={() => leave(false)} />}
        />
      </Dialog>

      <CameraDialog
        isOpen={step?.kind === 'camera'}
        title={t('picture.cameraTitle', { label })}
        failure={step?.kind === 'camera' ? failureText : null}
        t={t}
        onUse={saveAsIs}
        onEdit={(photo) => go({ kind: 'editor', photo, from: 'camera' })}
        onCancel={leave}
        onClosed={refocus}
      />

      <Dialog
        isOpen={step?.kind === 'preview'}
        title={t('picture.previewTitle', { label })}
        className="tf-picture__dialog"
        onClose={() => leave(true)}
        onClosed={refocus}
        canOutsideClickClose={false}
        shouldReturnFocusOnClose={false}
      >
        <DialogBody>
          <div className="tf-picture__screen">
            {preview && (
              <BlobImage
                className="tf-picture__still"
                blob={preview}
                alt={t('picture.preview')}
                data-testid="picture-preview"
              />
            )}
          </div>
          <SaveFailureCallout className="tf-picture__failure">{failureText}</SaveFailureCallout>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                icon={<MediaIcon />}
                text={t('picture.chooseAnother')}
                onClick={() => go({ kind: 'source' })}
              />
              <Button
                icon={<EditIcon />}
                text={t('picture.edit')}
                data-testid="picture-preview-edit"
                onClick={() => {
                  if (preview) go({ kind: 'editor', photo: preview, from: 'gallery' });
                }}
              />
              <Button
                intent="primary"
                text={failure ? t('picture.retry') : t('picture.usePhoto')}
                data-testid="picture-use"
                onClick={() => {
                  if (preview) saveAsIs(preview);
                }}
              />
            </>
          }
        />
      </Dialog>

      <PictureEditor
        isOpen={step?.kind === 'editor'}
        photo={step?.kind === 'editor' ? step.photo : null}
        initialAspect={aspect}
        title={t('picture.editorTitle', { label })}
        failure={step?.kind === 'editor' ? failureText : null}
        t={t}
        locale={runtime.locale}
        onSave={saveEdited}
        onCancel={(edited) => leave(edited || (step?.kind === 'editor' && step.from !== 'stored'))}
        onClosed={refocus}
      />

      <PictureViewer
        isOpen={step?.kind === 'viewer'}
        title={t('picture.viewerTitle', { label })}
        url={picture?.url ?? null}
        alt={alt}
        t={t}
        onClose={finish}
        onClosed={refocus}
      />

      <DeleteFileDialog
        fileField={fileField}
        area="picture"
        t={t}
        onConfirm={remove}
        returnFocusTo={() =>
          trigger.current?.isConnected ? trigger.current : document.getElementById(inputId)
        }
      />
      <ConfirmDialog
        isOpen={discarding}
        title={t('picture.discardTitle')}
        message={t('picture.discardMessage')}
        primaryText={t('picture.discardConfirm')}
        secondaryText={t('picture.keepEditing')}
        primaryIntent="danger"
        onConfirm={finish}
        onCancel={() => setDiscarding(false)}
        returnFocusTo={() => document.getElementById(inputId)}
      />
      <LoadingOverlay isOpen={busy !== null} label={t(`picture.${busy ?? 'uploading'}`)} />
    </div>
  );
}
