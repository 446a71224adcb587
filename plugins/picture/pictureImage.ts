// Reading and writing pictures in the browser with the canvas API only: no library, no data
// URLs (which the CSP may refuse), raster images in and JPEG out.

import {
  IMAGE_WAIT_MS,
  nextExportScale,
  normalizeRotation,
  rotatedSize,
  type QualityPreset,
  type Rect,
} from './pictureSettings';
import { withDeadline } from '../../src/core/async/withDeadline';

/**
 * Decodes a picture, turned upright as its EXIF orientation says, within IMAGE_WAIT_MS.
 * Rejects for anything the browser cannot read as an image.
 */
export function decodePicture(blob: Blob): Promise<ImageBitmap> {
  // The image wait is capped: later, it is a failure.
  return withDeadline(
    createImageBitmap(blob, { imageOrientation: 'from-image' }),
    IMAGE_WAIT_MS,
    () => new Error('The image took too long to read.'),
  );
}

/** A canvas of the given size with its 2D context. */
function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw pictures.');
  return { canvas, context };
}

/** The image turned by `rotation` degrees (quarter turns), as a new canvas. */
export function rotatePicture(
  image: CanvasImageSource & { width: number; height: number },
  rotation: number,
): HTMLCanvasElement {
  const turn = normalizeRotation(rotation);
  const size = rotatedSize(image.width, image.height, turn);
  const { canvas, context } = canvasOf(size.width, size.height);
  context.translate(size.width / 2, size.height / 2);
  context.rotate((turn * Math.PI) / 180);
  context.drawImage(image, -image.width / 2, -image.height / 2);
  return canvas;
}

/** A canvas as a JPEG of the given quality. */
export function jpegOf(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be written.'))),
      'image/jpeg',
      quality,
    );
  });
}

/**
 * Writes the part `rect` of `source` as a JPEG of the preset's quality, scaled down until it
 * meets the preset's size (see nextExportScale), on white where the crop reaches past the
 * image. Answers the last attempt when even the smallest is larger.
 */
export async function exportPicture(
  source: CanvasImageSource & { width: number; height: number },
  rect: Rect,
  preset: QualityPreset,
): Promise<Blob> {
  const longest = Math.max(rect.width, rect.height);
  let previous: { scale: number; bytes: number } | null = null;
  let best: Blob | null = null;
  for (;;) {
    const scale = nextExportScale(longest, previous, preset.targetBytes);
    if (scale === null && best) return best;
    if (scale === null) throw new Error('The picture could not be written.');
    const { canvas, context } = canvasOf(rect.width * scale, rect.height * scale);
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(
      source,
      -rect.left * scale,
      -rect.top * scale,
      source.width * scale,
      source.height * scale,
    );
    best = await jpegOf(canvas, preset.quality);
    previous = { scale, bytes: best.size };
  }
}

/** One frame of a playing video as a JPEG (the camera's screenshot). */
export function frameOf(video: HTMLVideoElement, quality: number): Promise<Blob> {
  const { canvas, context } = canvasOf(video.videoWidth, video.videoHeight);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return jpegOf(canvas, quality);
}
