/** A candidate list as the candidate column shows it: each item capitalised, comma-separated. */
export function formatCandidates(candidates: readonly string[]): string {
  return candidates
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => item.charAt(0).toLocaleUpperCase() + item.slice(1))
    .join(', ');
}

/** A task name, or '-' when it is empty (spec 000 section 2). */
export function formatTaskName(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : '-';
}

/** An assignee's name, or '--' when the task has none (spec 000 section 2). */
export function formatAssigneeName(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : '--';
}
