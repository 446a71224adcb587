import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** Follows an element's width, as whole CSS pixels (0 until it is laid out). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  // Measured before the first paint, so a phone never sees desktop widths for a frame.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
  }, [ref]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver((entries) => {
      const next = Math.floor(entries[0]?.contentRect.width ?? element.clientWidth);
      setWidth((previous) => (Math.abs(previous - next) >= 1 ? next : previous));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
