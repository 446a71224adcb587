import { makeAutoObservable, runInAction } from 'mobx';
import { QuickFilterType, TaskListKind } from '../api/tasksApi';
import { fetchUserSettings, patchUserSettings } from '../api/userSettingsApi';
import type { PreferencesSources } from '../stores/PreferencesStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { DEFAULT_PAGE_SIZE } from './dashboardConstants';
import { isPageSize } from './TaskListStore';

/** localStorage key of the dashboard settings, a cache for the first paint only. */
export const DASHBOARD_SETTINGS_STORAGE_KEY = 'tessera.dashboard';

/** The key under which the dashboard keeps its part of the user settings. */
export const DASHBOARD_SETTINGS_KEY = 'dashboard';

/** What the dashboard remembers for the user. */
export interface DashboardSettings {
  /** Rows per page of each list. */
  pageSizes: Record<TaskListKind, number>;
  /** The tab the user last chose a quick filter on. */
  lastTab: TaskListKind;
  /** The quick filter last chosen there. */
  lastQuickFilter: QuickFilterType;
}

/** Settings of someone who never changed anything. */
export const DEFAULT_DASHBOARD_SETTINGS: DashboardSettings = {
  pageSizes: {
    assigned: DEFAULT_PAGE_SIZE,
    candidate: DEFAULT_PAGE_SIZE,
    team: DEFAULT_PAGE_SIZE,
  },
  lastTab: TaskListKind.assigned,
  lastQuickFilter: QuickFilterType.all,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isKind = (value: unknown): value is TaskListKind =>
  typeof value === 'string' && (Object.values(TaskListKind) as string[]).includes(value);
const isQuickFilter = (value: unknown): value is QuickFilterType =>
  typeof value === 'string' && (Object.values(QuickFilterType) as string[]).includes(value);

/** Reads settings from whatever was stored, keeping defaults for what is missing or wrong. */
export function readDashboardSettings(value: unknown): DashboardSettings {
  if (!isRecord(value)) return DEFAULT_DASHBOARD_SETTINGS;
  const sizes = isRecord(value.pageSizes) ? value.pageSizes : {};
  const pageSizes = { ...DEFAULT_DASHBOARD_SETTINGS.pageSizes };
  for (const kind of Object.values(TaskListKind)) {
    const size = sizes[kind];
    if (isPageSize(size)) pageSizes[kind] = size;
  }
  return {
    pageSizes,
    lastTab: isKind(value.lastTab) ? value.lastTab : DEFAULT_DASHBOARD_SETTINGS.lastTab,
    lastQuickFilter: isQuickFilter(value.lastQuickFilter)
      ? value.lastQuickFilter
      : DEFAULT_DASHBOARD_SETTINGS.lastQuickFilter,
  };
}

/**
 * The dashboard settings that follow the user (page sizes, the last quick filter). The user
 * settings on the server are the truth; localStorage only lets the first paint use the last
 * known values before the server has answered.
 */
export class DashboardSettingsStore {
  /** The settings in force. */
  settings: DashboardSettings;
  /** Where the server read stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;

  private readonly storage: PreferencesSources['storage'];

  constructor(storage: PreferencesSources['storage']) {
    this.storage = storage;
    this.settings = readDashboardSettings(this.readCache());
    makeAutoObservable<DashboardSettingsStore, 'storage'>(this, { storage: false });
  }

  private readCache(): unknown {
    try {
      const text = this.storage?.getItem(DASHBOARD_SETTINGS_STORAGE_KEY);
      return text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return null; // a broken cache only costs the first paint its remembered sizes
    }
  }

  private writeCache(): void {
    try {
      this.storage?.setItem(DASHBOARD_SETTINGS_STORAGE_KEY, JSON.stringify(this.settings));
    } catch {
      // A full or blocked storage only loses the first-paint cache.
    }
  }

  /** Reads the settings from the server; without an answer the cache stays in force. */
  async load(): Promise<DashboardSettings> {
    this.status = RemoteLoadingStatus.loading;
    try {
      const all = await fetchUserSettings();
      runInAction(() => {
        if (DASHBOARD_SETTINGS_KEY in all) {
          this.settings = readDashboardSettings(all[DASHBOARD_SETTINGS_KEY]);
          this.writeCache();
        }
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch {
      // Settings are a comfort: the dashboard works on the cached or default values.
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
    }
    return this.settings;
  }

  /** Changes some settings, caches them and saves them on the server. */
  update(change: Partial<DashboardSettings>): void {
    this.settings = { ...this.settings, ...change };
    this.writeCache();
    void patchUserSettings({ [DASHBOARD_SETTINGS_KEY]: this.settings }).catch(() => {
      // Kept in the cache; the next change saves everything again.
    });
  }

  /** Remembers the page size of a list. */
  setPageSize(kind: TaskListKind, size: number): void {
    this.update({ pageSizes: { ...this.settings.pageSizes, [kind]: size } });
  }

  /** Remembers the quick filter last chosen and its tab. */
  setQuickFilter(kind: TaskListKind, filter: QuickFilterType): void {
    this.update({ lastTab: kind, lastQuickFilter: filter });
  }
}
