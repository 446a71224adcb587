// The picture field's constants and the pure arithmetic of its editor and its export
// (spec 001 sections 4, 5 and 9): what a config asks for, which files may be chosen, where
// a crop lies, and how far an image is scaled to meet its preset's size.

import { PICTURE_MAX_BYTES } from '../../schemas/api/filesConstants';
import { ASPECTS, QUALITY_PRESETS, type Aspect, type QualityName } from './pictureConfig';

export { ASPECTS, QUALITY_PRESETS };
export type { Aspect, QualityName, QualityPreset } from './pictureConfig';

/** Largest picture a user may choose, in bytes (spec 001 sections 5 and 9): the store's. */
export { PICTURE_MAX_BYTES };

/** The extensions a picture may have (spec 001 section 5). */
export const PICTURE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

/** The media types a chosen file may declare. */
export const PICTURE_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;

/** JPEG quality of a frame taken from the camera (spec 001 section 9). */
export const CAMERA_SCREENSHOT_QUALITY = 0.4;

/** The longest wait for an image to load or decode (spec 000 section 9). */
export const IMAGE_WAIT_MS = 2_000;

/** How long the crop waits after the last zoom step before it is computed again. */
export const CROP_RECOMPUTE_DEBOUNCE_MS = 300;

/** The crop zoom's bounds and step (spec 001 section 9). */
export const CROP_ZOOM = { min: 0.1, max: 2, step: 0.1, initial: 1 } as const;

/** The viewer's zoom bounds and step (not shown in the spec: chosen to read small print). */
export const VIEWER_ZOOM = { min: 0.5, max: 4, step: 0.25, initial: 1 } as const;

/** The preset a field gets without one. */
export const DEFAULT_QUALITY: QualityName = 'good';

/** The aspect the crop starts with when the field names none. */
export const DEFAULT_ASPECT: Aspect = '4:3';

const isQualityName = (value: unknown): value is QualityName =>
  typeof value === 'string' && Object.hasOwn(QUALITY_PRESETS, value);

const isAspect = (value: unknown): value is Aspect =>
  typeof value === 'string' && (ASPECTS as readonly string[]).includes(value);

/** The preset a field's config names (`quality`), or the default. */
export function qualityOf(config: Readonly<Record<string, unknown>>): QualityName {
  return isQualityName(config.quality) ? config.quality : DEFAULT_QUALITY;
}

/** The crop aspect a field's config names (`aspect`), or the default. */
export function aspectOf(config: Readonly<Record<string, unknown>>): Aspect {
  return isAspect(config.aspect) ? config.aspect : DEFAULT_ASPECT;
}

/** An aspect as a number: width over height. */
export function aspectRatio(aspect: Aspect): number {
  const [width, height] = aspect.split(':').map(Number) as [number, number];
  return width / height;
}

/** Why a chosen file is refused before it is read, or null when it may be. */
export type PictureFileProblem = 'format' | 'size' | null;

/**
 * Checks a chosen file by name, declared type and size: png, jpg or jpeg only, at most
 * PICTURE_MAX_BYTES. The server judges the bytes again; this only saves a useless upload.
 */
export function pictureFileProblem(file: {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}): PictureFileProblem {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const typeKnown =
    file.type === '' || (PICTURE_MEDIA_TYPES as readonly string[]).includes(file.type);
  if (!(PICTURE_EXTENSIONS as readonly string[]).includes(extension) || !typeKnown) {
    return 'format';
  }
  return file.size > PICTURE_MAX_BYTES ? 'size' : null;
}

/** Keeps a zoom inside its bounds, on its step (no 0.30000000000000004). */
export function clampZoom(
  zoom: number,
  bounds: { readonly min: number; readonly max: number; readonly step: number } = CROP_ZOOM,
): number {
  if (!Number.isFinite(zoom)) return bounds.min;
  const stepped = Math.round(zoom / bounds.step) * bounds.step;
  return Number(Math.min(bounds.max, Math.max(bounds.min, stepped)).toFixed(2));
}

/** A quarter turn count as degrees, 0, 90, 180 or 270. */
export function normalizeRotation(degrees: number): number {
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

/** The size of an image once turned by `rotation` degrees (a quarter turn swaps the sides). */
export function rotatedSize(
  width: number,
  height: number,
  rotation: number,
): { width: number; height: number } {
  return normalizeRotation(rotation) % 180 === 0
    ? { width, height }
    : { width: height, height: width };
}

/** A rectangle in an image's pixels. */
export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where the crop lies on an image of `width` x `height` (already turned):
 * 1. the largest rectangle of the aspect that fits the image is the crop at zoom 1;
 * 2. zoom divides its sides (2 takes half of each; below 1 it reaches past the image, the
 *    margin becoming white in the export);
 * 3. it is centred on `center` (fractions of the image's sides), moved back so that, when it
 *    is smaller than the image, it stays inside it.
 */
export function cropRect(
  width: number,
  height: number,
  aspect: Aspect,
  zoom: number,
  center: { readonly x: number; readonly y: number } = { x: 0.5, y: 0.5 },
): Rect {
  // 1.
  const ratio = aspectRatio(aspect);
  const fitWidth = Math.min(width, height * ratio);
  // 2.
  const scale = clampZoom(zoom);
  const cropWidth = fitWidth / scale;
  const cropHeight = cropWidth / ratio;
  // 3.
  const place = (middle: number, size: number, room: number) => {
    const start = middle * room - size / 2;
    return size <= room ? Math.min(room - size, Math.max(0, start)) : (room - size) / 2;
  };
  return {
    left: place(center.x, cropWidth, width),
    top: place(center.y, cropHeight, height),
    width: cropWidth,
    height: cropHeight,
  };
}

/** The smallest side an export is scaled down to while it looks for its preset's size. */
export const MIN_EXPORT_SIDE = 480;

/** The longest side of an exported picture; a camera's 12 MP frame is more than a form needs. */
export const MAX_EXPORT_SIDE = 2_560;

/**
 * The scale of the next export attempt: the first one keeps the picture (at most
 * MAX_EXPORT_SIDE on its longest side); a too large result shrinks the sides by the square
 * root of how far it overshot (bytes follow the area), a little more to converge, never
 * below MIN_EXPORT_SIDE on the longest side. Null when no smaller attempt is left.
 */
export function nextExportScale(
  longestSide: number,
  previous: { readonly scale: number; readonly bytes: number } | null,
  targetBytes: number,
): number | null {
  const first = Math.min(1, MAX_EXPORT_SIDE / longestSide);
  if (previous === null) return first;
  if (previous.bytes <= targetBytes) return null;
  const floor = Math.min(1, MIN_EXPORT_SIDE / longestSide);
  if (previous.scale <= floor) return null;
  const shrink = Math.sqrt(targetBytes / previous.bytes) * 0.95;
  return Math.max(floor, previous.scale * Math.min(shrink, 0.9));
}
