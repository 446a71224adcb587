import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query (`(max-width: 599px)`) matches the window now, following resizes;
 * false where the browser has no `matchMedia` (and when rendered outside a browser).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = () =>
    typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
