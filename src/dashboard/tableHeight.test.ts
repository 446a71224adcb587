import { describe, expect, it } from 'vitest';
import { MIN_TABLE_PX, tableHeight } from './tableHeight';

describe('tableHeight', () => {
  it('is 500 px in a window 800 px tall or less', () => {
    expect(tableHeight(800, 48, 60)).toBe(500);
    expect(tableHeight(640, 48, 60)).toBe(500);
  });

  it('is the window less the tabs, the filters and 250 px above 800 px', () => {
    expect(tableHeight(1000, 48, 60)).toBe(1000 - 48 - 60 - 250);
    expect(tableHeight(1200, 40, 100)).toBe(810);
  });

  it('never collapses below a few rows', () => {
    expect(tableHeight(801, 300, 300)).toBe(MIN_TABLE_PX);
  });
});
