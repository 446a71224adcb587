import { flushSync } from 'react-dom';
import type { GridPlan } from './planGrid';

/**
 * A form of more fields than this mounts its chunks as they near the screen; a smaller one
 * mounts them all at once, as a page of ordinary length should.
 */
export const WINDOW_MIN_FIELDS = 160;

/** Fields mounted at once in a windowed form: more than any first screen shows. */
export const WINDOW_FIRST_FIELDS = 60;

/** How far beyond the screen, above and below, a chunk is mounted ahead of the scroll. */
export const WINDOW_MARGIN = '100% 0px 100% 0px';

/** Where the focus goes when a placeholder that took it has mounted its chunk. */
export type FocusEntry = 'first' | 'last';

/**
 * Which chunks of a form are mounted. A long form starts with the chunks of its first
 * screen; the others are placeholders of the same estimated size that mount when they
 * come within a screen of the viewport, when the keyboard reaches them, or when a field of
 * theirs is revealed (an error to show). A mounted chunk stays mounted: the values live in
 * the store either way, and what the user has seen stays findable on the page.
 */
export class ChunkWindow {
  /** Whether the form mounts its chunks lazily at all. */
  readonly windowed: boolean;
  private readonly mounted = new Set<number>();
  private readonly listeners = new Map<number, () => void>();
  private readonly elements = new Map<Element, number>();
  private readonly chunkOfField: ReadonlyMap<string, number>;
  private readonly focusOnMount = new Map<number, FocusEntry>();
  private observer: IntersectionObserver | null = null;

  constructor(plan: GridPlan, canObserve = typeof IntersectionObserver !== 'undefined') {
    this.chunkOfField = plan.chunkOfField;
    this.windowed = canObserve && plan.fieldIds.length > WINDOW_MIN_FIELDS;
    let fields = 0;
    for (const section of plan.sections) {
      for (const chunk of section.chunks) {
        if (!this.windowed || fields < WINDOW_FIRST_FIELDS) this.mounted.add(chunk.index);
        fields += chunk.fieldIds.length;
      }
    }
  }

  /** Whether a chunk is mounted now. */
  isMounted(index: number): boolean {
    return this.mounted.has(index);
  }

  /** Calls `listener` when the chunk mounts; answers a function that stops it. */
  subscribe(index: number, listener: () => void): () => void {
    this.listeners.set(index, listener);
    return () => {
      if (this.listeners.get(index) === listener) this.listeners.delete(index);
    };
  }

  /** Watches a placeholder, to mount its chunk when it nears the screen. */
  observe(index: number, element: Element): void {
    this.observer ??= new IntersectionObserver((entries) => this.onIntersect(entries), {
      rootMargin: WINDOW_MARGIN,
    });
    this.elements.set(element, index);
    this.observer.observe(element);
  }

  /** Stops watching a placeholder (its chunk mounted, or the form left the page). */
  unobserve(element: Element): void {
    this.elements.delete(element);
    this.observer?.unobserve(element);
  }

  /**
   * Mounts a chunk now, synchronously, so its fields are in the DOM when this returns.
   * `focus` asks the chunk to take the focus once mounted (a placeholder the keyboard reached).
   */
  mountNow(index: number, focus?: FocusEntry): void {
    if (focus) this.focusOnMount.set(index, focus);
    if (this.mounted.has(index)) return;
    this.mounted.add(index);
    const listener = this.listeners.get(index);
    if (listener) flushSync(listener);
  }

  /** Puts a field's chunk in the DOM now (an error to scroll to, a link to follow). */
  reveal(fieldId: string): void {
    const index = this.chunkOfField.get(fieldId);
    if (index !== undefined) this.mountNow(index);
  }

  /** Where a chunk that just mounted should put the focus, once; `undefined` for nowhere. */
  takeFocusRequest(index: number): FocusEntry | undefined {
    const entry = this.focusOnMount.get(index);
    this.focusOnMount.delete(index);
    return entry;
  }

  /** Stops watching everything (the form unmounts). */
  dispose(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.elements.clear();
  }

  private onIntersect(entries: readonly IntersectionObserverEntry[]): void {
    const near: number[] = [];
    for (const entry of entries) {
      const index = this.elements.get(entry.target);
      if (entry.isIntersecting && index !== undefined) near.push(index);
    }
    // Mounted in one batch: a fast scroll past several placeholders is one render.
    const listeners: (() => void)[] = [];
    for (const index of near) {
      if (this.mounted.has(index)) continue;
      this.mounted.add(index);
      const listener = this.listeners.get(index);
      if (listener) listeners.push(listener);
    }
    for (const listener of listeners) listener();
  }
}
