import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_HANDLER_DELAY_MS, deferBack, LEAVE_DELAY_MS } from './taskPageTiming';

describe('spec 001 section 9: back-handler delay and navigation delay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given the constants, when read, then the back handler waits 10 ms and leaving waits 500 ms', () => {
    expect(BACK_HANDLER_DELAY_MS).toBe(10);
    expect(LEAVE_DELAY_MS).toBe(500);
  });

  it('given a back press, when 9 ms and then 10 ms pass, then the move runs only at 10 ms', () => {
    const go = vi.fn();
    deferBack(go);
    vi.advanceTimersByTime(9);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledOnce();
  });

  it('given a back press, when it is cancelled before 10 ms, then the move never runs', () => {
    const go = vi.fn();
    const cancel = deferBack(go);
    cancel();
    vi.advanceTimersByTime(50);
    expect(go).not.toHaveBeenCalled();
  });
});
