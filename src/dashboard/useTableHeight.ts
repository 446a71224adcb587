import { useEffect, useState, type RefObject } from 'react';
import { TABLE_RESIZE_DEBOUNCE_MS } from './dashboardConstants';
import { tableHeight } from './tableHeight';

/**
 * The table height of spec 000 section 9, measured from the tabs and the filter bar and
 * recomputed 200 ms after the window stops resizing.
 */
export function useTableHeight(
  tabsRef: RefObject<HTMLElement | null>,
  filtersRef: RefObject<HTMLElement | null>,
): number {
  const [height, setHeight] = useState(() => tableHeight(window.innerHeight, 0, 0));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const update = () =>
      setHeight(
        tableHeight(
          window.innerHeight,
          tabsRef.current?.offsetHeight ?? 0,
          filtersRef.current?.offsetHeight ?? 0,
        ),
      );
    update();
    const onResize = () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(update, TABLE_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer !== null) clearTimeout(timer);
    };
  }, [tabsRef, filtersRef]);

  return height;
}
