import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, avatarColor, avatarInitial } from './avatarColor';

describe('avatar colour', () => {
  it('takes the upper-cased first letter as the initial', () => {
    expect(avatarInitial('anna')).toBe('A');
    expect(avatarInitial('  Émile')).toBe('É');
    expect(avatarInitial('')).toBe('?');
  });

  it('colours by the initial, from a palette of six', () => {
    expect(AVATAR_PALETTE).toHaveLength(6);
    expect(avatarColor('Anna')).toBe(avatarColor('alberto'));
    const colours = new Set('ABCDEF'.split('').map(avatarColor));
    expect(colours.size).toBe(6);
  });
});
