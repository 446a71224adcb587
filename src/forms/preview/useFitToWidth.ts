import { useLayoutEffect, useState, type RefObject } from 'react';

/** How a screen drawn at its true width fits the room its frame has. */
export interface FitToWidth {
  /** The factor the screen is drawn at: 1 when it fits, less when the frame is narrower. */
  readonly scale: number;
  /** The height the scaled screen takes, for the frame around it; undefined until measured. */
  readonly height: number | undefined;
}

/**
 * Scales a screen laid out `trueWidth` CSS pixels wide down to the width of `room`, and
 * follows both as they resize (the room with the window, the screen as the form grows), so
 * a frame shows the layout staff get at that width instead of squeezing it.
 */
export function useFitToWidth(
  room: RefObject<HTMLElement | null>,
  screen: RefObject<HTMLElement | null>,
  trueWidth: number,
): FitToWidth {
  const [fit, setFit] = useState<FitToWidth>({ scale: 1, height: undefined });
  useLayoutEffect(() => {
    const roomElement = room.current;
    const screenElement = screen.current;
    if (!roomElement || !screenElement) return undefined;
    const measure = () => {
      // 1. The room's content width; the screen's own size ignores its transform.
      const available = roomElement.clientWidth;
      const scale = available > 0 ? Math.min(1, available / trueWidth) : 1;
      // 2. The frame takes the scaled height, so no blank space is left under the screen.
      const height = Math.ceil(screenElement.offsetHeight * scale);
      setFit((previous) =>
        previous.scale === scale && previous.height === height ? previous : { scale, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(roomElement);
    observer.observe(screenElement);
    return () => observer.disconnect();
  }, [room, screen, trueWidth]);
  return fit;
}
