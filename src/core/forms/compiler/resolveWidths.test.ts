import { describe, expect, it } from 'vitest';
import { resolveWidths } from './resolveWidths';

const paths = { desktop: '/d', tablet: '/t', phone: '/p' };

describe('resolveWidths', () => {
  it('given nothing, when resolved, then the field is full width everywhere', () => {
    expect(resolveWidths({}, paths)).toEqual({
      widths: { desktop: 12, tablet: 12, phone: 12 },
      warnings: [],
    });
  });

  it('given a desktop width, when resolved, then tablet doubles it up to 12', () => {
    expect(resolveWidths({ desktop: 4 }, paths).widths).toEqual({
      desktop: 4,
      tablet: 8,
      phone: 12,
    });
    expect(resolveWidths({ desktop: 7 }, paths).widths).toEqual({
      desktop: 7,
      tablet: 12,
      phone: 12,
    });
  });

  it('given every width, when resolved, then they are kept', () => {
    expect(resolveWidths({ desktop: 3, tablet: 4, phone: 6 }, paths).widths).toEqual({
      desktop: 3,
      tablet: 4,
      phone: 6,
    });
  });

  it('given widths off the grid, when resolved, then they are clamped and each reported', () => {
    const { widths, warnings } = resolveWidths({ desktop: 2.5, tablet: -1, phone: 20 }, paths);
    expect(widths).toEqual({ desktop: 3, tablet: 1, phone: 12 });
    expect(warnings.map((w) => [w.path, w.params.clampedTo])).toEqual([
      ['/d', 3],
      ['/t', 1],
      ['/p', 12],
    ]);
  });
});
