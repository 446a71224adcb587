import type { FilterItem, SortParams } from '../../schemas/api/records';
import { ComparisonType, SortDirection } from '../../schemas/api/recordsConstants';

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

/** The list state a navigation carried, as {@link objectDataNavigationState} wrote it. */
export type ObjectDataSnapshot = ObjectDataNavigationState['objectData'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string => typeof value === 'string';

function readFilterItem(value: unknown): FilterItem | null {
  if (!isRecord(value) || !isText(value.key) || !isText(value.value)) return null;
  const mode = value.comparisonType;
  if (mode !== undefined && mode !== ComparisonType.exact && mode !== ComparisonType.partial) {
    return null;
  }
  return { key: value.key, value: value.value, ...(mode ? { comparisonType: mode } : {}) };
}

function readSort(value: unknown): SortParams | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isText(value.param)) return undefined;
  const { direction } = value;
  if (direction !== SortDirection.asc && direction !== SortDirection.desc) return undefined;
  return { param: value.param, direction };
}

/**
 * Reads the records list's state out of a navigation's state (the history keeps it across a
 * reload, so it is read as untrusted): null when there is none or it is not whole.
 */
export function readObjectDataNavigationState(state: unknown): ObjectDataSnapshot | null {
  if (!isRecord(state) || !isRecord(state.objectData)) return null;
  const data = state.objectData;
  const { key, version, page, searchMode, filterDraft } = data;
  if (!isText(key) || key === '') return null;
  if (!Number.isInteger(version) || (version as number) < 1) return null;
  if (!Number.isInteger(page) || (page as number) < 0) return null;
  if (searchMode !== ComparisonType.exact && searchMode !== ComparisonType.partial) return null;
  if (!isRecord(filterDraft) || !Object.values(filterDraft).every(isText)) return null;
  if (!Array.isArray(data.filterParams)) return null;
  const filterParams = data.filterParams.map(readFilterItem);
  if (filterParams.some((item) => item === null)) return null;
  const sort = readSort(data.sort);
  if (sort === undefined) return null;
  return {
    key,
    version: version as number,
    filterDraft: filterDraft as Record<string, string>,
    filterParams: filterParams as FilterItem[],
    searchMode,
    sort,
    page: page as number,
  };
}
