import { describe, expect, it } from 'vitest';
import {
  objectDataNavigationState,
  readObjectDataNavigationState,
} from './objectDataNavigationState';

const list = {
  key: 'customers',
  version: 1,
  filterDraft: { fullName: 'García', politicallyExposed: 'true' },
  appliedFilters: [
    { key: 'fullName', value: 'García', comparisonType: 'partial' as const },
    { key: 'politicallyExposed', value: 'true', comparisonType: 'partial' as const },
  ],
  searchMode: 'partial' as const,
  sort: { param: 'fullName', direction: 'ASC' as const },
  page: 3,
};

describe('readObjectDataNavigationState', () => {
  it('given the state a records list wrote, when read back, then it is the same list state', () => {
    const written = objectDataNavigationState(list);
    expect(readObjectDataNavigationState(written)).toEqual(written?.objectData);
  });

  it('given a list without a sort, when read back, then the sort stays null', () => {
    const written = objectDataNavigationState({ ...list, sort: undefined });
    expect(readObjectDataNavigationState(written)?.sort).toBeNull();
  });

  it('given no state, another page’s state or a broken one, when read, then there is no list to return to', () => {
    const whole = objectDataNavigationState(list)?.objectData;
    expect(readObjectDataNavigationState(null)).toBeNull();
    expect(readObjectDataNavigationState(undefined)).toBeNull();
    expect(readObjectDataNavigationState({ from: '/tasks' })).toBeNull();
    for (const broken of [
      { ...whole, key: '' },
      { ...whole, version: 0 },
      { ...whole, page: -1 },
      { ...whole, page: 1.5 },
      { ...whole, searchMode: 'fuzzy' },
      { ...whole, filterDraft: { fullName: 3 } },
      { ...whole, filterParams: [{ key: 'fullName' }] },
      { ...whole, filterParams: [{ key: 'a', value: 'b', comparisonType: 'regex' }] },
      { ...whole, sort: { param: 'fullName', direction: 'UP' } },
    ]) {
      expect(readObjectDataNavigationState({ objectData: broken }), JSON.stringify(broken)).toBe(
        null,
      );
    }
  });
});
