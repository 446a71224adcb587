import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableHeight } from './tableHeight';
import { useTableHeight } from './useTableHeight';

/** Shows the height the hook gives (no tabs or filters measured: jsdom lays nothing out). */
function Probe() {
  const tabs = useRef<HTMLDivElement>(null);
  const filters = useRef<HTMLDivElement>(null);
  const height = useTableHeight(tabs, filters);
  return <p data-testid="height">{height}</p>;
}

const originalHeight = window.innerHeight;

/** Resizes the window to `height` px tall, as a browser would. */
function resizeTo(height: number) {
  Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window, 'innerHeight', { value: originalHeight, configurable: true });
});

describe('spec 001 section 9 (line 164): the 200 ms table resize debounce', () => {
  it('given the dashboard table, when the window is resized, then its height follows only 200 ms after the last resize', () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { value: 900, configurable: true });
    render(<Probe />);
    const height = () => Number(screen.getByTestId('height').textContent);
    expect(height()).toBe(tableHeight(900, 0, 0));

    resizeTo(1100);
    act(() => vi.advanceTimersByTime(150));
    // A second resize restarts the wait.
    resizeTo(1300);
    act(() => vi.advanceTimersByTime(199));
    expect(height()).toBe(tableHeight(900, 0, 0));

    act(() => vi.advanceTimersByTime(1));
    expect(height()).toBe(tableHeight(1300, 0, 0));
  });
});
