import { describe, expect, it } from 'vitest';
import { cellPaddingStyle, DEFAULT_CELL_PADDING } from './cellPadding';

describe('spec 001 section 9: default cell padding', () => {
  it('given the default, when it is read, then it is 32 px bottom, 16 px left and right and 0 top', () => {
    expect(DEFAULT_CELL_PADDING).toEqual({ top: 0, right: 16, bottom: 32, left: 16 });
  });

  it('given the default, when it becomes the form style, then the cell padding reads 0 16px 32px 16px', () => {
    expect(cellPaddingStyle()).toEqual({
      '--tf-cell-padding': '0px 16px 32px 16px',
      '--tf-cell-gutter': '16px',
    });
  });
});
