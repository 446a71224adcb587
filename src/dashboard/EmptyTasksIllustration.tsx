import { BRAND_COLORS } from '../brand/markTiles';

/** Props of {@link EmptyTasksIllustration}. */
export interface EmptyTasksIllustrationProps {
  /** A filter narrows the list: the picture shows a funnel over the empty tray. */
  filtered?: boolean;
  /** Extra class name. */
  className?: string;
}

/**
 * A small, quiet picture for an empty list: a tray of task cards with a tick, or, when a
 * filter hides everything, the same tray under a funnel.
 */
export function EmptyTasksIllustration({
  filtered = false,
  className,
}: EmptyTasksIllustrationProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 160 120"
      width="160"
      height="120"
      aria-hidden
      focusable="false"
    >
      <ellipse cx="80" cy="108" rx="58" ry="6" fill="#e4e9ef" />
      <rect x="34" y="30" width="92" height="68" rx="10" fill="#ffffff" stroke="#d5dee8" />
      <rect x="46" y="44" width="48" height="8" rx="4" fill={BRAND_COLORS.tint} />
      <rect x="46" y="60" width="68" height="8" rx="4" fill="#eef2f6" />
      <rect x="46" y="76" width="40" height="8" rx="4" fill="#eef2f6" />
      {filtered ? (
        <g>
          <path
            d="M104 14 h40 l-15 18 v14 l-10 6 v-20 z"
            fill={BRAND_COLORS.accent}
            opacity="0.9"
          />
        </g>
      ) : (
        <g>
          <circle cx="122" cy="30" r="16" fill={BRAND_COLORS.accent} />
          <path
            d="M114 30 l6 6 l11 -12"
            fill="none"
            stroke="#ffffff"
            strokeWidth="3.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      )}
    </svg>
  );
}
