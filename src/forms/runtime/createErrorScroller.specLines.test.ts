// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createErrorScroller } from './createErrorScroller';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('spec 000 section 9 (line 325): the scroll to an error is debounced by 100 ms', () => {
  it('given two scroll requests 60 ms apart, when time passes, then only the last field is scrolled to and focused, 100 ms after it was asked for', () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div class="tf-cell"><input id="amount" /></div><div class="tf-cell"><input id="term" /></div>';
    const scrolled: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('.tf-cell')) {
      cell.scrollIntoView = () => void scrolled.push(cell.querySelector('input')?.id ?? '');
    }
    const scroller = createErrorScroller((id) => document.getElementById(id));

    scroller.request('amount');
    vi.advanceTimersByTime(60);
    scroller.request('term');
    vi.advanceTimersByTime(99);
    expect(scrolled).toEqual([]);

    vi.advanceTimersByTime(1);
    expect(scrolled).toEqual(['term']);
    expect(document.activeElement?.id).toBe('term');
    vi.advanceTimersByTime(1_000);
    expect(scrolled).toEqual(['term']);
  });
});
