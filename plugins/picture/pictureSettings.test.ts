import { describe, expect, it } from 'vitest';
import {
  aspectOf,
  aspectRatio,
  clampZoom,
  cropRect,
  MAX_EXPORT_SIDE,
  MIN_EXPORT_SIDE,
  nextExportScale,
  normalizeRotation,
  PICTURE_MAX_BYTES,
  pictureFileProblem,
  QUALITY_PRESETS,
  qualityOf,
  rotatedSize,
} from './pictureSettings';

describe('picture settings', () => {
  it('given a config, then it picks its preset and aspect, else good and 4:3', () => {
    expect(qualityOf({ quality: 'high' })).toBe('high');
    expect(qualityOf({ quality: 'best' })).toBe('good');
    expect(qualityOf({})).toBe('good');
    expect(qualityOf({ quality: 'toString' })).toBe('good');
    expect(aspectOf({ aspect: '16:9' })).toBe('16:9');
    expect(aspectOf({ aspect: '1:1' })).toBe('4:3');
    expect(QUALITY_PRESETS).toEqual({
      standard: { targetBytes: 81_920, quality: 0.7 },
      good: { targetBytes: 307_200, quality: 0.8 },
      high: { targetBytes: 512_000, quality: 0.9 },
    });
  });

  it('given chosen files, then only png, jpg and jpeg up to 5,242,880 bytes pass', () => {
    const file = (name: string, size: number, type = 'image/jpeg') => ({ name, size, type });
    expect(pictureFileProblem(file('id.JPG', 1_000))).toBeNull();
    expect(pictureFileProblem(file('id.png', PICTURE_MAX_BYTES, 'image/png'))).toBeNull();
    expect(pictureFileProblem(file('id.jpeg', PICTURE_MAX_BYTES + 1))).toBe('size');
    expect(pictureFileProblem(file('id.gif', 10, 'image/gif'))).toBe('format');
    expect(pictureFileProblem(file('id.png', 10, 'image/gif'))).toBe('format');
    expect(pictureFileProblem(file('png', 10))).toBe('format');
    // A format problem is named before a size one: a huge GIF is a GIF.
    expect(pictureFileProblem(file('id.gif', PICTURE_MAX_BYTES + 1, 'image/gif'))).toBe('format');
  });

  it('keeps zoom on its 0.1 steps from 0.1 to 2 and turns in quarter turns', () => {
    expect(clampZoom(0.30000000000000004)).toBe(0.3);
    expect(clampZoom(0)).toBe(0.1);
    expect(clampZoom(7)).toBe(2);
    expect(clampZoom(Number.NaN)).toBe(0.1);
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(450)).toBe(90);
    expect(rotatedSize(640, 480, 90)).toEqual({ width: 480, height: 640 });
    expect(rotatedSize(640, 480, 180)).toEqual({ width: 640, height: 480 });
  });

  it('given an image, an aspect and a zoom, then the crop is the largest centred rectangle of that aspect, divided by the zoom', () => {
    expect(aspectRatio('16:9')).toBeCloseTo(16 / 9);
    // 640 x 480 at 16:9: the whole width, 360 high, centred.
    expect(cropRect(640, 480, '16:9', 1)).toEqual({ left: 0, top: 60, width: 640, height: 360 });
    // 3:4 on a landscape image: the whole height.
    expect(cropRect(640, 480, '3:4', 1)).toEqual({ left: 140, top: 0, width: 360, height: 480 });
    // Zoom 2 takes half of each side, still centred.
    expect(cropRect(640, 480, '4:3', 2)).toEqual({ left: 160, top: 120, width: 320, height: 240 });
    // Moved to a corner, it stays inside the image.
    expect(cropRect(640, 480, '4:3', 2, { x: 0, y: 1 })).toEqual({
      left: 0,
      top: 240,
      width: 320,
      height: 240,
    });
    // Zoomed out, it reaches past the image on every side, centred.
    const wide = cropRect(640, 480, '4:3', 0.5);
    expect(wide).toEqual({ left: -320, top: -240, width: 1280, height: 960 });
  });

  it('given an export too large for its preset, then each attempt is smaller until the floor', () => {
    const target = QUALITY_PRESETS.standard.targetBytes;
    expect(nextExportScale(4_000, null, target)).toBeCloseTo(MAX_EXPORT_SIDE / 4_000);
    expect(nextExportScale(1_000, null, target)).toBe(1);
    expect(nextExportScale(1_000, { scale: 1, bytes: target }, target)).toBeNull();
    const second = nextExportScale(2_000, { scale: 1, bytes: target * 4 }, target);
    expect(second).toBeCloseTo(0.475);
    const floor = MIN_EXPORT_SIDE / 1_000;
    expect(nextExportScale(1_000, { scale: 0.5, bytes: target * 100 }, target)).toBe(floor);
    expect(nextExportScale(1_000, { scale: floor, bytes: target * 2 }, target)).toBeNull();
  });
});
