/** One square of the Tessera mark, in a 30 x 30 grid. */
export interface MarkTile {
  /** Left edge. */
  x: number;
  /** Top edge. */
  y: number;
  /** Fill colour. */
  color: string;
}

/** The brand colours of the mark. */
export const BRAND_COLORS = {
  accent: '#1f5f99',
  tint: '#b9d2e8',
  gold: '#d2a531',
} as const;

/** The mark's colours on the dark brand panel: the T brighter, the tint sunk into the navy. */
export const BRAND_COLORS_ON_DARK = {
  accent: '#6aa5dc',
  tint: '#2c4c72',
  gold: '#e0b443',
} as const;

/** The side of the square grid the tiles sit in. */
export const MARK_GRID = 30;
/** The side of one tile. */
export const MARK_TILE = 8;
/** The corner radius of one tile. */
export const MARK_RADIUS = 1.75;

const { accent, tint, gold } = BRAND_COLORS;
const at = [0, 11, 22] as const;

/**
 * Nine tiles, a mosaic (tessera) that reads as a T: the bar and stem in the accent colour,
 * the rest a pale tint, and one gold tile, the product's single warm note. The favicon
 * (drawn on a canvas) and the SVG mark share this one definition.
 */
export const MARK_TILES: readonly MarkTile[] = [
  { x: at[0], y: at[0], color: accent },
  { x: at[1], y: at[0], color: accent },
  { x: at[2], y: at[0], color: accent },
  { x: at[0], y: at[1], color: tint },
  { x: at[1], y: at[1], color: accent },
  { x: at[2], y: at[1], color: tint },
  { x: at[0], y: at[2], color: tint },
  { x: at[1], y: at[2], color: accent },
  { x: at[2], y: at[2], color: gold },
];

/** The tiles recoloured for a dark background. */
export const MARK_TILES_ON_DARK: readonly MarkTile[] = MARK_TILES.map((tile) => ({
  ...tile,
  color:
    tile.color === accent
      ? BRAND_COLORS_ON_DARK.accent
      : tile.color === gold
        ? BRAND_COLORS_ON_DARK.gold
        : BRAND_COLORS_ON_DARK.tint,
}));
