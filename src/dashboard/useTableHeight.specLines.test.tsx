import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTableHeight } from './useTableHeight';

/** Shows the height the hook computes, with tabs and filters that have no height in jsdom. */
function HeightProbe() {
  const tabs = useRef<HTMLDivElement>(null);
  const filters = useRef<HTMLDivElement>(null);
  const height = useTableHeight(tabs, filters);
  return (
    <>
      <div ref={tabs} />
      <div ref={filters} />
      <output data-testid="height">{height}</output>
    </>
  );
}

/** Resizes the window's height and tells the page, as a browser does. */
function resizeTo(innerHeight: number) {
  act(() => {
    window.innerHeight = innerHeight;
    window.dispatchEvent(new Event('resize'));
  });
}

afterEach(() => vi.useRealTimers());

describe('spec 000 section 9 (line 323): the table height follows a resize 200 ms after it stops', () => {
  it('given a 1000 px window, when it is resized to 1200 px in steps, then the height changes only 200 ms after the last step', () => {
    vi.useFakeTimers();
    window.innerHeight = 1000;
    render(<HeightProbe />);
    const height = () => screen.getByTestId('height').textContent;
    expect(height()).toBe('750');

    resizeTo(1100);
    act(() => void vi.advanceTimersByTime(150));
    resizeTo(1200);
    act(() => void vi.advanceTimersByTime(199));
    expect(height()).toBe('750');

    act(() => void vi.advanceTimersByTime(1));
    expect(height()).toBe('950');
  });

  it('given a window resized to 700 px, when 200 ms have passed, then the table is 500 px high', () => {
    vi.useFakeTimers();
    window.innerHeight = 1000;
    render(<HeightProbe />);
    resizeTo(700);
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByTestId('height').textContent).toBe('500');
  });
});
