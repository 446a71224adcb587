/**
 * Reads a person or group value: an id string, or the `id` of an object a process
 * stored (`{ id, name }`); anything else is nothing.
 */
export function sanitizeDirectoryId(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && value !== null && 'id' in value) {
    const { id } = value as { id: unknown };
    if (typeof id === 'string' && id !== '') return id;
    if (typeof id === 'number') return String(id);
  }
  return null;
}
