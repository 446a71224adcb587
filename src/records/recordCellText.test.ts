import { describe, expect, it } from 'vitest';
import { recordCellText } from './recordCellText';

describe('recordCellText', () => {
  it('given null or a missing value, then the cell is empty', () => {
    expect(recordCellText(null)).toBe('');
    expect(recordCellText(undefined)).toBe('');
  });

  it('given objects and booleans, then they show as JSON text', () => {
    expect(recordCellText({ city: 'Lyon' })).toBe('{"city":"Lyon"}');
    expect(recordCellText(true)).toBe('true');
    expect(recordCellText([1, 2])).toBe('[1,2]');
  });

  it('given text and numbers, then they show as they are', () => {
    expect(recordCellText('García')).toBe('García');
    expect(recordCellText(1500.5)).toBe('1500.5');
  });
});
