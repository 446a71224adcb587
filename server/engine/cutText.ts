/**
 * A text of at most `max` characters: as it is when it fits, else cut and ended with `…`,
 * never between the two halves of a character outside the Basic Multilingual Plane.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}
