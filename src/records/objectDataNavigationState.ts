import type { FilterItem, SortParams } from '../../schemas/api/records';
import type { ComparisonType } from '../../schemas/api/recordsConstants';

/**
 * The records list's filter state as it travels in a navigation's state (spec 001 section
 * 2: `/process/instance/{id}` opened from a record carries the list filter state along), so
 * the list can be restored as it was left: the object, the typed and the searched filters,
 * the search mode, the sort and the page.
 */
export interface ObjectDataNavigationState {
  readonly objectData: {
    readonly key: string;
    readonly version: number;
    readonly filterDraft: Readonly<Record<string, string>>;
    readonly filterParams: readonly FilterItem[];
    readonly searchMode: ComparisonType;
    readonly sort: SortParams | null;
    readonly page: number;
  };
}

/** What {@link objectDataNavigationState} reads from the records list's store. */
export interface ObjectDataListState {
  readonly key: string | null;
  readonly version: number;
  readonly filterDraft: Readonly<Record<string, string>>;
  readonly appliedFilters: readonly FilterItem[];
  readonly searchMode: ComparisonType;
  readonly sort: SortParams | undefined;
  readonly page: number;
}

/** The navigation state of a list's filters; null when the list shows no object. */
export function objectDataNavigationState(
  list: ObjectDataListState,
): ObjectDataNavigationState | null {
  if (list.key === null) return null;
  return {
    objectData: {
      key: list.key,
      version: list.version,
      filterDraft: { ...list.filterDraft },
      filterParams: list.appliedFilters.map((item) => ({ ...item })),
      searchMode: list.searchMode,
      sort: list.sort ? { ...list.sort } : null,
      page: list.page,
    },
  };
}
