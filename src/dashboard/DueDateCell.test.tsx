import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DUE_DATE_FLAG_COLORS, DueDateFlag } from '../dates/dueDateFlag';
import { DueDateContent } from './DueDateCell';

/** The relative luminance of a #rrggbb colour (WCAG 2.x). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const t = (key: string) => key;

describe('DueDateContent', () => {
  beforeEach(() => {
    // A Wednesday, so tomorrow is still this week.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-10T09:00:00.000Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('given each flag, then each has a shape of its own and its meaning in words', () => {
    const dates: Record<DueDateFlag, string | null> = {
      past: '2026-06-09T12:00:00.000Z',
      today: '2026-06-10T12:00:00.000Z',
      thisWeek: '2026-06-11T12:00:00.000Z',
      later: '2026-07-01T12:00:00.000Z',
      none: null,
    };
    const shapes = Object.values(DueDateFlag).map((flag) => {
      const { container, unmount } = render(
        <DueDateContent dueDate={dates[flag]} isNew={false} t={t} />,
      );
      expect(container.querySelector('[data-flag]')?.getAttribute('data-flag')).toBe(flag);
      expect(container.textContent).toContain(`dashboard.dueFlag.${flag}`);
      const shape = container.querySelector('svg[data-icon]')?.getAttribute('data-icon');
      unmount();
      return shape;
    });
    expect(shapes.every(Boolean)).toBe(true);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('given the flag colours, then each stands out from the white row by at least 3:1', () => {
    for (const [flag, colour] of Object.entries(DUE_DATE_FLAG_COLORS)) {
      expect(contrast(colour, '#ffffff'), flag).toBeGreaterThanOrEqual(3);
    }
  });
});
