import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether the widget is still in the page, for the end of a call it started (an upload, a
 * location): a field that has gone, with its form or its step, must not set state or change
 * the form's value any more.
 */
export function useMountedRef(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
