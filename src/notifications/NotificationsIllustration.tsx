import { BRAND_COLORS } from '../brand/markTiles';

/** Props of {@link NotificationsIllustration}. */
export interface NotificationsIllustrationProps {
  /** Extra class name. */
  className?: string;
}

/** The empty notification popup's picture: a quiet bell resting on a tile. */
export function NotificationsIllustration({ className }: NotificationsIllustrationProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 120 96"
      width="120"
      height="96"
      aria-hidden
      focusable="false"
    >
      <ellipse cx="60" cy="88" rx="40" ry="5" fill="#e4e9ef" />
      <rect x="30" y="20" width="60" height="60" rx="12" fill="#eef4fa" />
      <path
        d="M60 32 c-10 0 -16 7 -16 17 v9 l-5 6 h42 l-5 -6 v-9 c0 -10 -6 -17 -16 -17 z"
        fill={BRAND_COLORS.accent}
      />
      <circle cx="60" cy="69" r="5" fill={BRAND_COLORS.accent} />
      <circle cx="80" cy="28" r="7" fill={BRAND_COLORS.gold} />
      <path
        d="M77 28 l2 2 l4 -4"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
