import { describe, expect, it } from 'vitest';
import { RowSlots } from './rowSlots';

describe('RowSlots', () => {
  it('gives a first page keys in order', () => {
    expect(new RowSlots().assign(['a', 'b', 'c'])).toEqual([0, 1, 2]);
  });

  it('gives a wholly new page the keys of the old one, position by position', () => {
    const slots = new RowSlots();
    slots.assign(['a', 'b', 'c']);
    expect(slots.assign(['d', 'e', 'f'])).toEqual([0, 1, 2]);
  });

  it('keeps the key of a task that stays, wherever it moves', () => {
    const slots = new RowSlots();
    slots.assign(['a', 'b', 'c']);
    // 'a' was claimed away; the reload brings 'd' at the end.
    expect(slots.assign(['b', 'c', 'd'])).toEqual([1, 2, 0]);
    // A new sort turns the page round.
    expect(slots.assign(['d', 'c', 'b'])).toEqual([0, 2, 1]);
  });

  it('gives new keys when the page grows, and keys stay unique', () => {
    const slots = new RowSlots();
    slots.assign(['a', 'b']);
    const keys = slots.assign(['x', 'b', 'y', 'z']);
    expect(keys).toEqual([0, 1, 2, 3]);
    expect(new Set(keys).size).toBe(4);
  });

  it('gives a repeated id a key of its own', () => {
    const slots = new RowSlots();
    slots.assign(['a']);
    const keys = slots.assign(['a', 'a']);
    expect(keys[0]).toBe(0);
    expect(new Set(keys).size).toBe(2);
  });

  it('frees every key of an emptied page for the next', () => {
    const slots = new RowSlots();
    slots.assign(['a', 'b']);
    expect(slots.assign([])).toEqual([]);
    expect(slots.assign(['c', 'd'])).toEqual([0, 1]);
  });
});
