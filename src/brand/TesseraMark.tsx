import { MARK_GRID, MARK_RADIUS, MARK_TILE, MARK_TILES, MARK_TILES_ON_DARK } from './markTiles';

/** Props of {@link TesseraMark}. */
export interface TesseraMarkProps {
  /** Rendered size in pixels (the mark is square). */
  size?: number;
  /** Accessible name; when absent the mark is decorative and hidden from screen readers. */
  title?: string;
  /** Extra class name. */
  className?: string;
  /** The background it sits on; `dark` brightens the T and sinks the tint. */
  background?: 'light' | 'dark';
}

/** The Tessera logo mark: nine mosaic tiles forming a T. */
export function TesseraMark({
  size = 28,
  title,
  className,
  background = 'light',
}: TesseraMarkProps) {
  const tiles = background === 'dark' ? MARK_TILES_ON_DARK : MARK_TILES;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox={`0 0 ${MARK_GRID} ${MARK_GRID}`}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title && <title>{title}</title>}
      {tiles.map((tile) => (
        <rect
          key={`${tile.x}-${tile.y}`}
          x={tile.x}
          y={tile.y}
          width={MARK_TILE}
          height={MARK_TILE}
          rx={MARK_RADIUS}
          fill={tile.color}
        />
      ))}
    </svg>
  );
}
