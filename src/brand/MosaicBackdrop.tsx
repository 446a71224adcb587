import { BRAND_COLORS_ON_DARK } from './markTiles';

const COLUMNS = 6;
const ROWS = 6;
const TILE = 36;
const GAP = 10;
const STEP = TILE + GAP;

// A fixed, hand-placed scatter rather than randomness, so every visit looks the same.
const ACCENT = new Set(['5,0', '3,1', '4,2', '5,3', '2,2', '4,4']);
const GOLD = '5,1';

/** Props of {@link MosaicBackdrop}. */
export interface MosaicBackdropProps {
  /** Extra class name (for positioning). */
  className?: string;
}

/**
 * The brand panel's decoration: a quiet field of outlined mosaic tiles in the top-right
 * corner, a few filled, fading towards the text so it never competes with the words.
 */
export function MosaicBackdrop({ className }: MosaicBackdropProps) {
  const tiles = [];
  for (let row = 0; row < ROWS; row++) {
    for (let column = 0; column < COLUMNS; column++) {
      const key = `${column},${row}`;
      // 1 at the top-right corner, 0 at the far bottom-left.
      const weight = (column / (COLUMNS - 1) + (1 - row / (ROWS - 1))) / 2;
      if (weight < 0.2) continue;
      const common = { x: column * STEP, y: row * STEP, width: TILE, height: TILE, rx: 6 };
      if (key === GOLD) {
        tiles.push(<rect key={key} {...common} fill={BRAND_COLORS_ON_DARK.gold} opacity={0.85} />);
      } else if (ACCENT.has(key)) {
        tiles.push(
          <rect key={key} {...common} fill="#3f7fbe" opacity={(0.55 * weight).toFixed(3)} />,
        );
      } else {
        tiles.push(
          <rect
            key={key}
            {...common}
            fill="none"
            stroke="#ffffff"
            strokeWidth={1}
            opacity={(0.16 * weight).toFixed(3)}
          />,
        );
      }
    }
  }
  return (
    <svg
      className={className}
      viewBox={`-1 -1 ${COLUMNS * STEP - GAP + 2} ${ROWS * STEP - GAP + 2}`}
      aria-hidden
      focusable="false"
    >
      {tiles}
    </svg>
  );
}
