import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  SegmentedControl,
  Slider,
} from '@blueprintjs/core';
import { ImageRotateLeftIcon, ImageRotateRightIcon } from '@blueprintjs/icons';
import { Canvas, FabricImage, Rect as FabricRect } from 'fabric';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatNumber } from '../../src/core/format';
import { SaveFailureCallout } from '../../src/forms/fileField';
import type { Translate } from '../../src/forms/registry/fieldPlugin';
import { decodePicture, rotatePicture } from './pictureImage';
import {
  ASPECTS,
  clampZoom,
  CROP_RECOMPUTE_DEBOUNCE_MS,
  CROP_ZOOM,
  cropRect,
  normalizeRotation,
  type Aspect,
  type Rect,
} from './pictureSettings';

/** The editor's modes (spec 001 section 4); none is chosen when it opens. */
export type EditMode = 'crop' | 'rotate' | 'zoom';

/** What the editor hands back on save: the turned picture and the part of it to keep. */
export interface EditedPicture {
  /** The picture, turned as the user chose. */
  readonly source: HTMLCanvasElement;
  /** The crop, in the turned picture's pixels. */
  readonly rect: Rect;
}

/** Props of {@link PictureEditor}. */
export interface PictureEditorProps {
  /** Whether the dialog is shown. */
  readonly isOpen: boolean;
  /** The picture to edit (a camera frame, a chosen file, the stored picture). */
  readonly photo: Blob | null;
  /** The crop's starting aspect (the field's config, else 4:3). */
  readonly initialAspect: Aspect;
  /** The dialog's title, with the field's label. */
  readonly title: string;
  /** A failed save's message, shown above the buttons; null when there is none. */
  readonly failure: string | null;
  /** Translates in the form's language. */
  readonly t: Translate;
  /** The form's language, for numbers. */
  readonly locale: string;
  /** Saves the edit. */
  onSave(edited: EditedPicture): void;
  /** Leaves the editor; `edited` says whether a mode was used (the caller may ask first). */
  onCancel(edited: boolean): void;
  /** Called once the dialog has closed (focus handling). */
  onClosed(): void;
}

/** The zoom values written under the slider. */
const ZOOM_LABELS = [CROP_ZOOM.min, 0.5, 1, 1.5, CROP_ZOOM.max];

/** How far an arrow key moves the crop, as a fraction of the picture's side. */
const NUDGE = 0.02;

/** The canvas's height: room for the picture and the controls on a phone too. */
const canvasHeight = () => Math.round(Math.min(420, Math.max(220, window.innerHeight * 0.45)));

/** Where the turned picture lies on the canvas: fitted and centred. */
function fitOf(source: { width: number; height: number }, width: number, height: number) {
  const scale = Math.min(width / source.width, height / source.height);
  return {
    scale,
    left: (width - source.width * scale) / 2,
    top: (height - source.height * scale) / 2,
  };
}

/**
 * The picture editor (spec 001 sections 4 and 9), drawn with fabric: the picture, turned
 * as chosen, with a frame over the part that is kept and the rest dimmed. Crop moves the frame
 * (drag it, or the arrow keys on the picture) and picks its aspect (3:2, 3:4, 4:3, 16:9);
 * rotate turns the picture a quarter turn at a time; zoom (0.1 to 2, step 0.1) sizes the
 * frame, computed again 300 ms after the last step. Save is enabled once a mode is chosen.
 * Nothing but the picture's pixels enters fabric (no fabric JSON), and the save hands back
 * pixels, which the field writes as a JPEG.
 */
export function PictureEditor({
  isOpen,
  photo,
  initialAspect,
  title,
  failure,
  t,
  locale,
  onSave,
  onCancel,
  onClosed,
}: PictureEditorProps) {
  const hintId = useId();
  const [opened, setOpened] = useState(false);
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [mode, setMode] = useState<EditMode | null>(null);
  const [aspect, setAspect] = useState<Aspect>(initialAspect);
  const [rotation, setRotation] = useState(0);
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.initial);
  const [cropZoom, setCropZoom] = useState<number>(CROP_ZOOM.initial);
  const [center, setCenter] = useState({ x: 0.5, y: 0.5 });
  const host = useRef<HTMLDivElement>(null);
  const scene = useRef<{
    canvas: Canvas;
    image: FabricImage;
    frame: FabricRect;
    hole: FabricRect;
    width: number;
    height: number;
  } | null>(null);

  // A new picture starts a new edit.
  useEffect(() => {
    if (!isOpen || !photo) return;
    let live = true;
    decodePicture(photo).then(
      (decoded) => {
        if (live) setBitmap(decoded);
        else decoded.close();
      },
      () => {
        if (live) setUnreadable(true);
      },
    );
    return () => {
      live = false;
      setBitmap((previous) => {
        previous?.close();
        return null;
      });
    };
  }, [isOpen, photo]);

  // The zoom slider moves at once; the crop follows 300 ms after its last step.
  useEffect(() => {
    const timer = setTimeout(() => setCropZoom(zoom), CROP_RECOMPUTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [zoom]);

  const source = useMemo(
    () => (bitmap ? rotatePicture(bitmap, rotation) : null),
    [bitmap, rotation],
  );
  const crop = useMemo(
    () => (source ? cropRect(source.width, source.height, aspect, cropZoom, center) : null),
    [source, aspect, cropZoom, center],
  );

  // 1. The fabric scene is built once the dialog has opened (its width is known) and the
  //    picture is read; its canvas element is fabric's own, outside React's tree.
  useEffect(() => {
    const container = host.current;
    if (!opened || !source || !container) return;
    const wrapper = document.createElement('div');
    const element = document.createElement('canvas');
    wrapper.appendChild(element);
    container.appendChild(wrapper);
    const width = Math.max(200, container.clientWidth);
    const height = canvasHeight();
    const canvas = new Canvas(element, {
      width,
      height,
      selection: false,
      backgroundColor: '#252a31',
      enableRetinaScaling: true,
    });
    const image = new FabricImage(source, {
      originX: 'left',
      originY: 'top',
      selectable: false,
      evented: false,
    });
    // The part outside the frame is dimmed: a veil over everything with the frame cut out.
    const hole = new FabricRect({ inverted: true, absolutePositioned: true });
    const veil = new FabricRect({
      left: 0,
      top: 0,
      originX: 'left',
      originY: 'top',
      width,
      height,
      fill: 'rgba(17, 20, 24, 0.6)',
      selectable: false,
      evented: false,
      clipPath: hole,
    });
    const frame = new FabricRect({
      originX: 'left',
      originY: 'top',
      fill: 'rgba(255, 255, 255, 0.01)',
      stroke: '#ffffff',
      strokeWidth: 2,
      strokeDashArray: [8, 4],
      strokeUniform: true,
      hasControls: false,
      hasBorders: false,
      lockRotation: true,
      hoverCursor: 'move',
      moveCursor: 'move',
    });
    canvas.add(image, veil, frame);
    scene.current = { canvas, image, frame, hole, width, height };
    // Dragging the frame moves the crop's centre; the crop arithmetic keeps it inside.
    frame.on('moving', () => {
      const fit = fitOf(source, width, height);
      const middleX = (frame.left + frame.getScaledWidth() / 2 - fit.left) / fit.scale;
      const middleY = (frame.top + frame.getScaledHeight() / 2 - fit.top) / fit.scale;
      setCenter({
        x: Math.min(1, Math.max(0, middleX / source.width)),
        y: Math.min(1, Math.max(0, middleY / source.height)),
      });
    });
    return () => {
      scene.current = null;
      void canvas.dispose().finally(() => wrapper.remove());
    };
  }, [opened, source]);

  // 2. Each change of the crop or the mode places the picture, the frame and the veil.
  useEffect(() => {
    const current = scene.current;
    if (!current || !source || !crop) return;
    const { canvas, image, frame, hole, width, height } = current;
    const fit = fitOf(source, width, height);
    image.set({ left: fit.left, top: fit.top, scaleX: fit.scale, scaleY: fit.scale });
    const box = {
      left: fit.left + crop.left * fit.scale,
      top: fit.top + crop.top * fit.scale,
      width: crop.width * fit.scale,
      height: crop.height * fit.scale,
    };
    frame.set({ ...box, selectable: mode === 'crop', evented: mode === 'crop' });
    frame.setCoords();
    hole.set({ ...box, originX: 'left', originY: 'top' });
    canvas.requestRenderAll();
  }, [source, crop, mode]);

  const nudge = (event: KeyboardEvent<HTMLDivElement>) => {
    if (mode !== 'crop') return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-NUDGE, 0],
      ArrowRight: [NUDGE, 0],
      ArrowUp: [0, -NUDGE],
      ArrowDown: [0, NUDGE],
    };
    const move = moves[event.key];
    if (!move || !source || !crop) return;
    event.preventDefault();
    // From where the crop is now (it may have been held back at an edge).
    const x = (crop.left + crop.width / 2) / source.width + move[0];
    const y = (crop.top + crop.height / 2) / source.height + move[1];
    setCenter({ x: Math.min(1, Math.max(0, x)), y: Math.min(1, Math.max(0, y)) });
  };

  const turn = (quarter: 1 | -1) => {
    setRotation((previous) => normalizeRotation(previous + quarter * 90));
    setCenter({ x: 0.5, y: 0.5 });
  };

  const modeHint =
    mode === 'crop'
      ? t('picture.cropHint')
      : mode === 'rotate'
        ? t('picture.rotateHint')
        : mode === 'zoom'
          ? t('picture.zoomHint')
          : t('picture.chooseMode');

  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      className="tf-picture__dialog tf-picture__dialog--editor"
      onOpening={() => {
        setMode(null);
        setAspect(initialAspect);
        setRotation(0);
        setZoom(CROP_ZOOM.initial);
        setCropZoom(CROP_ZOOM.initial);
        setCenter({ x: 0.5, y: 0.5 });
        setUnreadable(false);
      }}
      onOpened={() => setOpened(true)}
      onClosed={() => {
        setOpened(false);
        onClosed();
      }}
      onClose={() => onCancel(mode !== null)}
      canOutsideClickClose={false}
      shouldReturnFocusOnClose={false}
    >
      <DialogBody>
        <SegmentedControl
          className="tf-picture__modes"
          role="radiogroup"
          aria-label={t('picture.modes')}
          fill
          value={mode ?? undefined}
          options={[
            { value: 'crop', label: t('picture.crop') },
            { value: 'rotate', label: t('picture.rotate') },
            { value: 'zoom', label: t('picture.zoom') },
          ]}
          onValueChange={(value) => setMode(value as EditMode)}
          data-testid="picture-modes"
        />
        <p id={hintId} className={`${Classes.TEXT_MUTED} tf-picture__hint`}>
          {modeHint}
        </p>
        {unreadable ? (
          <Callout intent="danger" role="alert">
            {t('picture.unreadable')}
          </Callout>
        ) : (
          <div
            ref={host}
            className="tf-picture__stage"
            role="group"
            tabIndex={0}
            aria-label={t('picture.canvas')}
            aria-describedby={hintId}
            onKeyDown={nudge}
            data-testid="picture-editor-canvas"
            data-ready={(opened && source !== null) || undefined}
            data-crop={
              crop ? `${Math.round(crop.width)}x${Math.round(crop.height)}@${rotation}` : undefined
            }
          />
        )}
        <div className="tf-picture__tools">
          {mode === 'crop' && (
            <FormGroup
              label={t('picture.aspect')}
              labelFor={undefined}
              className="tf-picture__tool"
            >
              <SegmentedControl
                role="radiogroup"
                aria-label={t('picture.aspect')}
                size="small"
                value={aspect}
                options={ASPECTS.map((value) => ({ value, label: value }))}
                onValueChange={(value) => {
                  setAspect(value as Aspect);
                  setCenter({ x: 0.5, y: 0.5 });
                }}
                data-testid="picture-aspects"
              />
            </FormGroup>
          )}
          {mode === 'rotate' && (
            <div className="tf-picture__tool tf-picture__buttons">
              <Button
                icon={<ImageRotateLeftIcon />}
                text={t('picture.rotateLeft')}
                onClick={() => turn(-1)}
              />
              <Button
                icon={<ImageRotateRightIcon />}
                text={t('picture.rotateRight')}
                onClick={() => turn(1)}
                data-testid="picture-rotate-right"
              />
            </div>
          )}
          {mode === 'zoom' && (
            <FormGroup label={t('picture.zoomLevel')} className="tf-picture__tool tf-picture__zoom">
              <Slider
                min={CROP_ZOOM.min}
                max={CROP_ZOOM.max}
                stepSize={CROP_ZOOM.step}
                labelValues={ZOOM_LABELS}
                labelRenderer={(value) => `${formatNumber(value, undefined, locale)}×`}
                value={zoom}
                onChange={(value) => setZoom(clampZoom(value))}
                handleHtmlProps={{ 'aria-label': t('picture.zoomLevel') }}
              />
            </FormGroup>
          )}
        </div>
        <SaveFailureCallout className="tf-picture__failure">{failure}</SaveFailureCallout>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('picture.cancel')} onClick={() => onCancel(mode !== null)} />
            <Button
              intent="primary"
              text={failure ? t('picture.retry') : t('picture.save')}
              disabled={mode === null || !source || !crop}
              title={mode === null ? t('picture.chooseMode') : undefined}
              data-testid="picture-editor-save"
              onClick={() => {
                if (source && crop) onSave({ source, rect: crop });
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}
