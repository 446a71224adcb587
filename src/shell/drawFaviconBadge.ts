import { MARK_GRID, MARK_RADIUS, MARK_TILE, MARK_TILES } from '../brand/markTiles';

const SIZE = 64;

/**
 * Draws the favicon with an unread badge (the red dot and its count) on a canvas and answers
 * it as a data URL; null where canvas is unavailable. The mark is drawn from the same tiles
 * as the SVG, so nothing has to load first.
 */
export function drawFaviconBadge(badgeText: string): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!context) return null;

  const scale = SIZE / MARK_GRID;
  for (const tile of MARK_TILES) {
    context.fillStyle = tile.color;
    context.beginPath();
    context.roundRect(
      tile.x * scale,
      tile.y * scale,
      MARK_TILE * scale,
      MARK_TILE * scale,
      MARK_RADIUS * scale,
    );
    context.fill();
  }

  // The badge sits on the top-right corner, ringed in white so it reads on any tab colour.
  const radius = badgeText.length > 1 ? 18 : 16;
  const centerX = SIZE - radius - 1;
  const centerY = radius + 1;
  context.beginPath();
  context.arc(centerX, centerY, radius + 3, 0, Math.PI * 2);
  context.fillStyle = '#ffffff';
  context.fill();
  context.beginPath();
  context.arc(centerX, centerY, radius, 0, Math.PI * 2);
  context.fillStyle = '#cd4246';
  context.fill();
  context.fillStyle = '#ffffff';
  context.font = `bold ${badgeText.length > 1 ? 20 : 24}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(badgeText, centerX, centerY + 2);
  return canvas.toDataURL('image/png');
}
