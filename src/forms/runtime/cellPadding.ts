import type { CSSProperties } from 'react';

/**
 * The default padding of a form cell, in px (spec 001 section 9: 32 bottom, 16 left and
 * right, 0 top). Columns get their gutter from the side padding, so two neighbours sit 32 px
 * apart and the grid's outer edge lines up with the page by pulling back 16 px.
 */
export const DEFAULT_CELL_PADDING = { top: 0, right: 16, bottom: 32, left: 16 } as const;

/** The padding as the custom properties the form's stylesheet reads. */
export function cellPaddingStyle(
  padding: { top: number; right: number; bottom: number; left: number } = DEFAULT_CELL_PADDING,
): CSSProperties {
  return {
    '--tf-cell-padding': `${padding.top}px ${padding.right}px ${padding.bottom}px ${padding.left}px`,
    '--tf-cell-gutter': `${padding.left}px`,
  } as CSSProperties;
}
