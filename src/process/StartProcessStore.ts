import { makeAutoObservable, runInAction } from 'mobx';
import {
  fetchAppDefinitions,
  newInstanceName,
  startProcess,
  type AppDefinition,
} from '../api/processesApi';
import { ErrorCode } from '../../schemas/api/commonConstants';
import { ApiError } from '../api/errors';
import { reportFailure } from '../stores/reportFailure';
import type { AppNavigator } from '../stores/AppNavigator';
import type { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { instancePath } from '../tasks/taskPaths';
import { CreateProcessStatus } from './processStatuses';

/** Definitions of one category, as the drawer lists them. */
export interface DefinitionGroup {
  /** The category; '' for the 'Other processes' group. */
  category: string;
  /** Its definitions, by name. */
  definitions: AppDefinition[];
}

/** Groups definitions by category, named categories by name first, uncategorised last. */
export function groupByCategory(definitions: readonly AppDefinition[]): DefinitionGroup[] {
  const groups = new Map<string, AppDefinition[]>();
  for (const definition of definitions) {
    const category = definition.category.trim();
    groups.set(category, [...(groups.get(category) ?? []), definition]);
  }
  return [...groups.entries()]
    .map(([category, list]) => ({
      category,
      definitions: [...list].sort((a, b) =>
        a.processDefinitionName.localeCompare(b.processDefinitionName),
      ),
    }))
    .sort((a, b) => {
      if (a.category === '') return 1;
      if (b.category === '') return -1;
      return a.category.localeCompare(b.category);
    });
}

/** What the drawer needs from the rest of the app. */
export interface StartProcessStoreDeps {
  /** Where failures go. */
  toasts: ToastStore;
  /** Moves the user to the new instance. */
  navigator: AppNavigator;
}

/**
 * The start-process drawer (spec 000 section 2): the definitions the user may start, grouped
 * by category; choosing one asks for confirmation; confirming creates an instance named after
 * the definition and the moment, and opens it.
 */
export class StartProcessStore {
  /** Whether the drawer is open. */
  isOpen = false;
  /** The definitions. */
  definitions: AppDefinition[] = [];
  /** Where loading them stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** The definition waiting for confirmation, or null. */
  chosen: AppDefinition | null = null;
  /** Where creating the instance stands. */
  createStatus: CreateProcessStatus = CreateProcessStatus.unknown;
  /**
   * The instance the drawer just started and opened, until the drawer opens again: its page
   * puts the focus on the first step the starter can take, not back on the drawer's opener.
   */
  startedInstanceId: string | null = null;

  private readonly deps: StartProcessStoreDeps;
  private focusHandedOver = false;

  constructor(deps: StartProcessStoreDeps) {
    this.deps = deps;
    makeAutoObservable<StartProcessStore, 'deps' | 'focusHandedOver'>(this, {
      deps: false,
      focusHandedOver: false,
    });
  }

  /**
   * Asked by the instance page once it shows `instanceId`: whether it was just started here
   * and the page should take the focus, answered true once only.
   */
  takeFocusHandOff(instanceId: string): boolean {
    if (this.focusHandedOver || this.startedInstanceId !== instanceId) return false;
    this.focusHandedOver = true;
    return true;
  }

  /** The definitions by category. */
  get groups(): DefinitionGroup[] {
    return groupByCategory(this.definitions);
  }

  /** Opens the drawer, loading the definitions the first time (or after a failure). */
  open(): void {
    this.isOpen = true;
    this.startedInstanceId = null;
    if (
      this.status === RemoteLoadingStatus.unknown ||
      this.status === RemoteLoadingStatus.loadingFailed
    ) {
      void this.load();
    }
  }

  /** Closes the drawer. */
  close(): void {
    if (this.createStatus === CreateProcessStatus.pending) return;
    this.isOpen = false;
    this.chosen = null;
  }

  /** Loads the definitions. */
  async load(): Promise<void> {
    this.status = RemoteLoadingStatus.loading;
    try {
      const definitions = await fetchAppDefinitions();
      runInAction(() => {
        this.definitions = definitions;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch {
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
    }
  }

  /** Chooses a definition: the confirmation opens. */
  choose(definition: AppDefinition): void {
    this.chosen = definition;
    this.createStatus = CreateProcessStatus.unknown;
  }

  /** Dismisses the confirmation. */
  cancelChoice(): void {
    if (this.createStatus !== CreateProcessStatus.pending) this.chosen = null;
  }

  /** Creates the instance and opens it; a failure says so and keeps the drawer open. */
  async confirm(): Promise<void> {
    const definition = this.chosen;
    if (!definition || this.createStatus === CreateProcessStatus.pending) return;
    this.createStatus = CreateProcessStatus.pending;
    try {
      const id = await startProcess({
        processDefinitionId: definition.processDefinitionId,
        name: newInstanceName(definition.processDefinitionName),
      });
      runInAction(() => {
        this.createStatus = CreateProcessStatus.success;
        this.chosen = null;
        this.isOpen = false;
        this.startedInstanceId = id;
        this.focusHandedOver = false;
      });
      this.deps.navigator.navigate(instancePath(id));
    } catch (error) {
      runInAction(() => {
        this.createStatus = CreateProcessStatus.error;
        this.chosen = null;
      });
      if (error instanceof ApiError && error.code === ErrorCode.processRetired) {
        // The list was read before an administrator retired that version: say so and
        // read it again, so the current version is the one offered.
        this.deps.toasts.showError(`errors.${ErrorCode.processRetired}`);
        void this.load();
        return;
      }
      reportFailure(this.deps.toasts, error, 'process.failedToCreateProcess');
    }
  }

  /** Forgets the definitions (sign-out). */
  reset(): void {
    this.isOpen = false;
    this.definitions = [];
    this.status = RemoteLoadingStatus.unknown;
    this.chosen = null;
    this.createStatus = CreateProcessStatus.unknown;
    this.startedInstanceId = null;
  }
}
