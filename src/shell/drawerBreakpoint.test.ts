import { describe, expect, it } from 'vitest';
import { DRAWER_CLOSE_MAX_PX, drawerClosesAt, drawerCollapsed } from './drawerBreakpoint';

describe('spec 000 section 9: the drawer closes at 956 px', () => {
  it('given the breakpoint, when it is read, then it is 956 px', () => {
    expect(DRAWER_CLOSE_MAX_PX).toBe(956);
  });

  it('given window widths around 956 px, when asked whether the drawer closes, then it closes at 956 and below only', () => {
    expect(drawerClosesAt(957)).toBe(false);
    expect(drawerClosesAt(956)).toBe(true);
    expect(drawerClosesAt(700)).toBe(true);
  });

  it('given an expanded drawer kept by the user, when the window is narrow, then the drawer shows collapsed and the wide choice comes back on widening', () => {
    expect(
      drawerCollapsed({ narrow: true, preferenceCollapsed: false, openedWhileNarrow: false }),
    ).toBe(true);
    expect(
      drawerCollapsed({ narrow: false, preferenceCollapsed: false, openedWhileNarrow: false }),
    ).toBe(false);
    expect(
      drawerCollapsed({ narrow: false, preferenceCollapsed: true, openedWhileNarrow: false }),
    ).toBe(true);
  });

  it('given a narrow window, when the user opens the drawer by hand, then it shows open', () => {
    expect(
      drawerCollapsed({ narrow: true, preferenceCollapsed: true, openedWhileNarrow: true }),
    ).toBe(false);
  });
});
