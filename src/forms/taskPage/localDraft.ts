import type { FormValues } from '../../../schemas/api/forms';

/** What is kept in the browser between edits: each part's values (by form id) and when. */
export interface LocalDraft {
  /** When the values were written (ISO 8601). */
  readonly savedAt: string;
  /** Values by form id: one entry for a plain or designer form, one per part of a combined task. */
  readonly parts: Readonly<Record<string, FormValues>>;
}

/** The localStorage key of a task's local draft, per tenant so shared machines never mix them. */
export function localDraftKey(tenant: string, taskId: string): string {
  return `tessera.draft.${tenant}.${taskId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a task's local draft; null when there is none or it cannot be read. */
export function readLocalDraft(storage: Storage | null, key: string): LocalDraft | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || typeof parsed.savedAt !== 'string' || !isRecord(parsed.parts)) {
      return null;
    }
    const parts: Record<string, FormValues> = {};
    for (const [formId, values] of Object.entries(parsed.parts)) {
      if (isRecord(values)) parts[formId] = values;
    }
    return { savedAt: parsed.savedAt, parts };
  } catch {
    return null;
  }
}

/** Writes a task's local draft; a full or blocked storage only loses the safety net. */
export function writeLocalDraft(storage: Storage | null, key: string, draft: LocalDraft): void {
  try {
    storage?.setItem(key, JSON.stringify(draft));
  } catch {
    // Quota or privacy mode: the form keeps working without the local copy.
  }
}

/** Removes a task's local draft (after a save, a completion or a discard). */
export function clearLocalDraft(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}

/** The browser's localStorage, or null where it is unavailable. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
