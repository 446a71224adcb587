// What a picture field's designer config may name: small, because the rules that declare
// the config schema are in every task page's bundle (the rest of the field's arithmetic is
// in pictureSettings.ts, loaded with the widget).

/** A quality preset: the size an export aims at and the JPEG quality it starts from. */
export interface QualityPreset {
  /** The size an exported picture should not exceed, in bytes. */
  readonly targetBytes: number;
  /** JPEG quality, 0 to 1. */
  readonly quality: number;
}

/** The presets of spec 001 section 9 (target size in KB / compress quality). */
export const QUALITY_PRESETS = {
  standard: { targetBytes: 80 * 1024, quality: 0.7 },
  good: { targetBytes: 300 * 1024, quality: 0.8 },
  high: { targetBytes: 500 * 1024, quality: 0.9 },
} as const satisfies Record<string, QualityPreset>;

/** A preset's name. */
export type QualityName = keyof typeof QUALITY_PRESETS;

/** The crop's aspect ratios (spec 001 section 4), width:height. */
export const ASPECTS = ['3:2', '3:4', '4:3', '16:9'] as const;

/** An aspect ratio the editor offers. */
export type Aspect = (typeof ASPECTS)[number];
