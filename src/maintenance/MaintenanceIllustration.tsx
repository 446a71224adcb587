import { BRAND_COLORS } from '../brand/markTiles';

/** Props of {@link MaintenanceIllustration}. */
export interface MaintenanceIllustrationProps {
  /** Extra class name. */
  className?: string;
}

const TILE = 34;
const GAP = 8;
const ORIGIN_X = 95;
const ORIGIN_Y = 62;

// The mosaic being repaired: the gold tile is lifted out of its place (dashed) and hovers.
const TILES: ReadonlyArray<[number, number, string]> = [
  [0, 0, BRAND_COLORS.accent],
  [1, 0, BRAND_COLORS.accent],
  [2, 0, BRAND_COLORS.accent],
  [0, 1, BRAND_COLORS.tint],
  [1, 1, BRAND_COLORS.accent],
  [2, 1, BRAND_COLORS.tint],
  [0, 2, BRAND_COLORS.tint],
  [1, 2, BRAND_COLORS.accent],
];

/** A quiet picture for the maintenance page: the Tessera mosaic with one tile being reset. */
export function MaintenanceIllustration({ className }: MaintenanceIllustrationProps) {
  const slotX = ORIGIN_X + 2 * (TILE + GAP);
  const slotY = ORIGIN_Y + 2 * (TILE + GAP);
  return (
    <svg className={className} viewBox="0 0 320 240" aria-hidden focusable="false">
      <ellipse cx="160" cy="212" rx="112" ry="10" fill="#dfe5ec" />
      <circle cx="160" cy="118" r="96" fill="#eef4fa" />
      <rect x="79" y="46" width="162" height="162" rx="16" fill="#ffffff" stroke="#d5dee8" />
      {TILES.map(([column, row, fill]) => (
        <rect
          key={`${column}-${row}`}
          x={ORIGIN_X + column * (TILE + GAP)}
          y={ORIGIN_Y + row * (TILE + GAP)}
          width={TILE}
          height={TILE}
          rx="6"
          fill={fill}
        />
      ))}
      <rect
        x={slotX}
        y={slotY}
        width={TILE}
        height={TILE}
        rx="6"
        fill="none"
        stroke="#9fb3c8"
        strokeWidth="2"
        strokeDasharray="5 4"
      />
      <g className="tessera-maintenance-art__tile">
        <rect
          x="232"
          y="26"
          width={TILE}
          height={TILE}
          rx="6"
          fill={BRAND_COLORS.gold}
          transform="rotate(14 249 43)"
        />
      </g>
      <path
        d="M214 84 q18 -12 22 -30"
        fill="none"
        stroke="#9fb3c8"
        strokeWidth="2"
        strokeLinecap="round"
        strokeDasharray="2 6"
      />
      <g transform="translate(52 150)" fill="#5f7fa0">
        <circle r="15" fill="#ffffff" stroke="#5f7fa0" strokeWidth="6" strokeDasharray="7 4.8" />
        <circle r="5" />
      </g>
    </svg>
  );
}
