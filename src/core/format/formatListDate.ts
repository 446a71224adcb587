/**
 * A day as lists and the task header show it (spec 000 section 9, spec 001 section 2):
 * `YYYY-MM-DD`, the UTC day of an instant (the one the due-date filters match; a bare day
 * reads as itself). '--' when there is none or it cannot be read.
 */
export function formatListDate(value: string | null | undefined): string {
  if (!value) return '--';
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? '--' : instant.toISOString().slice(0, 10);
}
