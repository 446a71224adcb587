import {
  useCallback,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
} from 'react';
import type { Translate } from '../registry/fieldPlugin';
import type { ChunkWindow } from './chunkWindow';
import { focusTarget } from './createErrorScroller';
import type { GridChunk } from './planGrid';

// Custom properties read by the stylesheet to size a chunk before the browser lays it out.
function chunkStyle(rows: GridChunk['rows']): CSSProperties {
  return {
    '--tf-rows-d': rows.desktop,
    '--tf-rows-t': rows.tablet,
    '--tf-rows-p': rows.phone,
  } as CSSProperties;
}

const TABBABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Whether the focus came from after this element (Shift+Tab from a later field).
function cameFromAfter(event: FocusEvent<HTMLElement>): boolean {
  const from = event.relatedTarget;
  if (!(from instanceof Node)) return false;
  return (
    (event.currentTarget.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  );
}

/** Props of {@link WindowedChunk}. */
export interface WindowedChunkProps {
  /** The chunk. */
  readonly chunk: GridChunk;
  /** Which chunks are mounted. */
  readonly window: ChunkWindow;
  /** Translates the placeholder's name. */
  readonly t: Translate;
  /** The chunk's cells, rendered only once it is mounted. */
  readonly children: () => ReactNode;
}

/**
 * One chunk of a form's grid: its cells once mounted, before that a placeholder of the
 * chunk's estimated size that mounts it when it nears the screen or takes the keyboard's
 * focus (which then goes on to the chunk's first field, or its last one on Shift+Tab).
 */
export function WindowedChunk({ chunk, window, t, children }: WindowedChunkProps) {
  const { index } = chunk;
  const subscribe = useCallback(
    (listener: () => void) => window.subscribe(index, listener),
    [window, index],
  );
  const mounted = useSyncExternalStore(subscribe, () => window.isMounted(index));
  const grid = useRef<HTMLDivElement | null>(null);
  const watch = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      window.observe(index, element);
      return () => window.unobserve(element);
    },
    [window, index],
  );
  useLayoutEffect(() => {
    if (!mounted) return;
    const entry = window.takeFocusRequest(index);
    const controls = grid.current?.querySelectorAll<HTMLElement>(TABBABLE);
    if (!entry || !controls || controls.length === 0) return;
    const control = entry === 'first' ? controls[0] : controls[controls.length - 1];
    if (control) focusTarget(control).focus();
  }, [mounted, window, index]);

  if (!mounted) {
    return (
      <div
        ref={watch}
        className="tf-grid tf-chunk tf-chunk-pending"
        style={chunkStyle(chunk.rows)}
        // The keyboard may reach a chunk before the scroll does: it mounts and passes on.
        tabIndex={0}
        role="group"
        aria-busy="true"
        aria-label={t('forms.chunk.pending', {
          from: chunk.start + 1,
          to: chunk.start + chunk.fieldIds.length,
        })}
        onFocus={(event) => window.mountNow(index, cameFromAfter(event) ? 'last' : 'first')}
      />
    );
  }
  return (
    <div ref={grid} className="tf-grid tf-chunk" style={chunkStyle(chunk.rows)}>
      {children()}
    </div>
  );
}
