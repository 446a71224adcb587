import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  Spinner,
} from '@blueprintjs/core';
import { CameraIcon, EditIcon, RefreshIcon, TickIcon } from '@blueprintjs/icons';
import { useEffect, useRef, useState } from 'react';
import { SaveFailureCallout } from '../../src/forms/fileField';
import type { Translate } from '../../src/forms/registry/fieldPlugin';
import { BlobImage } from './BlobImage';
import { frameOf } from './pictureImage';
import { CAMERA_SCREENSHOT_QUALITY } from './pictureSettings';

/** Where the camera stands (spec 001 section 4: take, retake, use photo or edit). */
const CameraStatus = {
  starting: 'starting',
  live: 'live',
  taken: 'taken',
  unavailable: 'unavailable',
} as const;
type CameraStatus = (typeof CameraStatus)[keyof typeof CameraStatus];

/** The rear camera when there is one (a field officer photographs documents, not faces). */
const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
  audio: false,
};

/** Props of {@link CameraDialog}. */
export interface CameraDialogProps {
  /** Whether the dialog is shown. */
  readonly isOpen: boolean;
  /** The dialog's title, with the field's label. */
  readonly title: string;
  /** A failed save's message; null when there is none. */
  readonly failure: string | null;
  /** Translates in the form's language. */
  readonly t: Translate;
  /** Saves the photo as it was taken. */
  onUse(photo: Blob): void;
  /** Opens the photo in the editor. */
  onEdit(photo: Blob): void;
  /** Leaves the camera; `taken` says whether a photo would be lost (the caller may ask first). */
  onCancel(taken: boolean): void;
  /** Called once the dialog has closed (focus handling). */
  onClosed(): void;
}

/** Stops every track of a stream, so the camera's light goes off. */
const stop = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/**
 * The camera (spec 001 sections 4 and 9): the rear camera's live view, asked for when the
 * dialog opens; take shows the frame (a JPEG of quality 0.4), which can be retaken, used as
 * it is or edited. The camera is released when the dialog closes. A camera that is missing or
 * refused says so, and the gallery stays open to the user.
 */
export function CameraDialog({
  isOpen,
  title,
  failure,
  t,
  onUse,
  onEdit,
  onCancel,
  onClosed,
}: CameraDialogProps) {
  const [status, setStatus] = useState<CameraStatus>(CameraStatus.starting);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    Promise.resolve()
      .then(() => {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser has no camera.');
        return navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
      })
      .then(
        (opened) => {
          if (!live) {
            stop(opened);
            return;
          }
          stream.current = opened;
          if (video.current) video.current.srcObject = opened;
        },
        () => {
          if (live) setStatus(CameraStatus.unavailable);
        },
      );
    return () => {
      live = false;
      stop(stream.current);
      stream.current = null;
    };
  }, [isOpen]);

  const take = async () => {
    const element = video.current;
    if (!element || status !== CameraStatus.live) return;
    try {
      const blob = await frameOf(element, CAMERA_SCREENSHOT_QUALITY);
      setPhoto(blob);
      setStatus(CameraStatus.taken);
    } catch {
      setStatus(CameraStatus.unavailable);
    }
  };

  const retake = () => {
    setPhoto(null);
    setStatus(stream.current ? CameraStatus.live : CameraStatus.starting);
  };

  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      className="tf-picture__dialog"
      onOpening={() => {
        setStatus(CameraStatus.starting);
        setPhoto(null);
      }}
      onClose={() => onCancel(photo !== null)}
      onClosed={onClosed}
      canOutsideClickClose={false}
      shouldReturnFocusOnClose={false}
    >
      <DialogBody>
        <div className="tf-picture__screen">
          {status === CameraStatus.unavailable ? (
            <Callout intent="warning" role="alert" className="tf-picture__unavailable">
              {t('picture.cameraUnavailable')}
            </Callout>
          ) : (
            <>
              <video
                ref={video}
                className="tf-picture__video"
                hidden={status === CameraStatus.taken}
                autoPlay
                playsInline
                muted
                aria-label={t('picture.cameraVideo')}
                data-testid="picture-camera"
                data-ready={status === CameraStatus.live || undefined}
                onPlaying={() =>
                  setStatus((previous) =>
                    previous === CameraStatus.starting ? CameraStatus.live : previous,
                  )
                }
              />
              {status === CameraStatus.starting && (
                <div className="tf-picture__starting" role="status">
                  <Spinner size={24} />
                  <span className={Classes.TEXT_MUTED}>{t('picture.cameraStarting')}</span>
                </div>
              )}
              {photo && (
                <BlobImage
                  className="tf-picture__still"
                  blob={photo}
                  alt={t('picture.preview')}
                  data-testid="picture-taken"
                />
              )}
            </>
          )}
        </div>
        <SaveFailureCallout className="tf-picture__failure">{failure}</SaveFailureCallout>
      </DialogBody>
      <DialogFooter
        actions={
          photo ? (
            <>
              <Button icon={<RefreshIcon />} text={t('picture.retake')} onClick={retake} />
              <Button
                icon={<EditIcon />}
                text={t('picture.edit')}
                onClick={() => onEdit(photo)}
                data-testid="picture-camera-edit"
              />
              <Button
                intent="primary"
                icon={<TickIcon />}
                text={failure ? t('picture.retry') : t('picture.usePhoto')}
                onClick={() => onUse(photo)}
                data-testid="picture-use"
              />
            </>
          ) : (
            <>
              <Button text={t('picture.cancel')} onClick={() => onCancel(false)} />
              <Button
                intent="primary"
                icon={<CameraIcon />}
                text={t('picture.take')}
                disabled={status !== CameraStatus.live}
                onClick={() => void take()}
                data-testid="picture-take"
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
