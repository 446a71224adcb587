import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTableHeight } from './useTableHeight';

/** The spec's debounce, written out. */
const DEBOUNCE_MS = 200;

const startHeight = window.innerHeight;

/** Makes the window `height` px tall and tells the page, as a browser resize does. */
function resizeWindowTo(height: number): void {
  window.innerHeight = height;
  act(() => void window.dispatchEvent(new Event('resize')));
}

function renderTableHeight() {
  return renderHook(() => useTableHeight({ current: null }, { current: null }));
}

beforeEach(() => {
  window.innerHeight = 1000;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  window.innerHeight = startHeight;
});

describe('spec 000 section 9 (line 323): the table height follows a resize 200 ms after it', () => {
  it('given a 1000 px window, when it becomes 1200 px tall, then the table keeps its height for 199 ms and takes the new one at 200 ms', () => {
    const { result } = renderTableHeight();
    expect(result.current).toBe(750);

    resizeWindowTo(1200);
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS - 1));
    expect(result.current).toBe(750);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(950);
  });

  it('given a window being dragged, when resizes keep coming, then the height waits for 200 ms of calm after the last, and a window of 800 px or less gets 500 px', () => {
    const { result } = renderTableHeight();

    resizeWindowTo(1100);
    act(() => vi.advanceTimersByTime(150));
    resizeWindowTo(700);
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS - 1));
    expect(result.current).toBe(750);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(500);
  });
});
