import { Button, ButtonGroup, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { ZoomInIcon, ZoomOutIcon, ZoomToFitIcon } from '@blueprintjs/icons';
import { useState, type KeyboardEvent } from 'react';
import type { Translate } from '../../src/forms/registry/fieldPlugin';
import { clampZoom, VIEWER_ZOOM } from './pictureSettings';
import { IconButton } from '../../src/components/IconButton';

/** Props of {@link PictureViewer}. */
export interface PictureViewerProps {
  /** Whether the dialog is shown. */
  readonly isOpen: boolean;
  /** The dialog's title, with the field's label. */
  readonly title: string;
  /** An object URL of the stored picture; null while it loads. */
  readonly url: string | null;
  /** The picture's text alternative. */
  readonly alt: string;
  /** Translates in the form's language. */
  readonly t: Translate;
  /** Closes the viewer. */
  onClose(): void;
  /** Called once the dialog has closed (focus handling). */
  onClosed(): void;
}

/**
 * The stored picture at full size (spec 001 section 2, "view with zoom"): zoom in and out
 * from fitted to four times, by the buttons or the + and - keys; a zoomed picture scrolls,
 * with the mouse, a finger or the arrow keys.
 */
export function PictureViewer({
  isOpen,
  title,
  url,
  alt,
  t,
  onClose,
  onClosed,
}: PictureViewerProps) {
  const [zoom, setZoom] = useState<number>(VIEWER_ZOOM.initial);
  const change = (step: number) =>
    setZoom((previous) => clampZoom(previous + step * VIEWER_ZOOM.step, VIEWER_ZOOM));
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === '+' || event.key === '=') change(1);
    else if (event.key === '-') change(-1);
    else if (event.key === '0') setZoom(VIEWER_ZOOM.initial);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      className="tf-picture__dialog tf-picture__dialog--viewer"
      onOpening={() => setZoom(VIEWER_ZOOM.initial)}
      onClose={onClose}
      onClosed={onClosed}
      shouldReturnFocusOnClose={false}
    >
      <DialogBody>
        <div className="tf-picture__zoombar">
          <ButtonGroup>
            <IconButton
              icon={<ZoomOutIcon />}
              label={t('picture.zoomOut')}
              disabled={zoom <= VIEWER_ZOOM.min}
              onClick={() => change(-1)}
            />
            <IconButton
              icon={<ZoomInIcon />}
              label={t('picture.zoomIn')}
              disabled={zoom >= VIEWER_ZOOM.max}
              onClick={() => change(1)}
              data-testid="picture-zoom-in"
            />
            <Button
              icon={<ZoomToFitIcon />}
              text={t('picture.zoomReset')}
              onClick={() => setZoom(VIEWER_ZOOM.initial)}
            />
          </ButtonGroup>
          <output className="tf-picture__zoomvalue" aria-live="polite" data-testid="picture-zoom">
            {t('picture.zoomValue', { percent: Math.round(zoom * 100) })}
          </output>
        </div>
        <div
          className="tf-picture__viewport"
          tabIndex={0}
          role="group"
          aria-label={alt}
          onKeyDown={keys}
        >
          {url && (
            <img
              className="tf-picture__full"
              src={url}
              alt={alt}
              style={{ width: `${zoom * 100}%` }}
              data-testid="picture-full"
            />
          )}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={t('picture.close')} onClick={onClose} />} />
    </Dialog>
  );
}
