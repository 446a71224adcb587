import { describe, expect, it } from 'vitest';
import { ShellStore } from './ShellStore';

describe('ShellStore', () => {
  it('shows the plain title and no badge while nothing is unread', () => {
    const shell = new ShellStore();
    expect(shell.badgeText).toBeNull();
    expect(shell.documentTitle).toBe('Tessera Task');
  });

  it('puts a positive count in front of the title', () => {
    const shell = new ShellStore();
    shell.setUnreadCount(3);
    expect(shell.badgeText).toBe('3');
    expect(shell.documentTitle).toBe('(3) Tessera Task');
    shell.setUnreadCount(9);
    expect(shell.documentTitle).toBe('(9) Tessera Task');
  });

  it('caps the count at 9+ above 9', () => {
    const shell = new ShellStore();
    shell.setUnreadCount(10);
    expect(shell.badgeText).toBe('9+');
    expect(shell.documentTitle).toBe('(9+) Tessera Task');
    shell.setUnreadCount(250);
    expect(shell.badgeText).toBe('9+');
  });

  it('treats zero, negative and non-numbers as nothing unread', () => {
    const shell = new ShellStore();
    for (const count of [0, -2, Number.NaN, Number.POSITIVE_INFINITY]) {
      shell.setUnreadCount(count);
      expect(shell.badgeText).toBeNull();
      expect(shell.documentTitle).toBe('Tessera Task');
    }
  });

  it('forgets the count and the drawer on reset', () => {
    const shell = new ShellStore();
    shell.setUnreadCount(4);
    shell.setMobileDrawerOpen(true);
    shell.reset();
    expect(shell.unreadCount).toBe(0);
    expect(shell.mobileDrawerOpen).toBe(false);
  });
});
