/**
 * React keys for the rows of a table whose page changes. A task that stays on the page keeps
 * its key (its row, focus and hover stay with it when a reload drops a row above it); a task
 * new to the page takes the key a departed task left, in the order the departed rows stood.
 * A new page of 200 rows therefore updates the 200 rows already drawn (their text and
 * attributes) instead of throwing them away and building 200 new ones.
 */
export class RowSlots {
  /** The key of each task on the page, in the page's order. */
  private keyOf = new Map<string, number>();
  /** Keys given before and not on the page now, to be given again before new ones. */
  private spare: number[] = [];
  /** The next key never given. */
  private fresh = 0;

  /** The keys of `ids`, in their order; every key differs from the others. */
  assign(ids: readonly string[]): number[] {
    const wanted = new Set(ids);
    const free: number[] = [];
    for (const [id, key] of this.keyOf) if (!wanted.has(id)) free.push(key);
    free.push(...this.spare);
    const next = new Map<string, number>();
    const keys = ids.map((id) => {
      const kept = this.keyOf.get(id);
      // A repeated id (which the server never sends) still gets a key of its own.
      const key = kept !== undefined && !next.has(id) ? kept : (free.shift() ?? this.fresh++);
      if (!next.has(id)) next.set(id, key);
      return key;
    });
    this.keyOf = next;
    this.spare = free;
    return keys;
  }
}
