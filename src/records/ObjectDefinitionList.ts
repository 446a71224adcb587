import { makeAutoObservable, runInAction } from 'mobx';
import type { ObjectDefinition } from '../../schemas/api/records';
import { RecordsPath } from '../../schemas/api/recordsConstants';
import { http } from '../api/httpClient';
import { RemoteLoadingStatus } from '../stores/statuses';

/** The drawer's list of object definitions: label, colour, key and version of each. */
export class ObjectDefinitionList {
  items: ObjectDefinition[] = [];
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  private loadedFor: string | null = null;

  constructor() {
    makeAutoObservable<ObjectDefinitionList, 'loadedFor'>(this, { loadedFor: false });
  }

  /**
   * Loads the definitions once per signed-in user (`userId`); a failure leaves the list
   * empty and is tried again the next time the drawer asks.
   */
  async load(userId: string): Promise<void> {
    if (this.loadedFor === userId && this.status !== RemoteLoadingStatus.loadingFailed) return;
    this.loadedFor = userId;
    this.status = RemoteLoadingStatus.loading;
    try {
      // The drawer says nothing when this fails: the Reports group simply lists no object.
      const response = await http.get<{ result: ObjectDefinition[] }>(RecordsPath.definitions, {
        handlesOwnErrors: true,
      });
      runInAction(() => {
        this.items = response.data.result;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch {
      runInAction(() => {
        this.items = [];
        this.status = RemoteLoadingStatus.loadingFailed;
      });
    }
  }
}

/** The app's one list, shared by the desktop and phone drawers. */
export const objectDefinitionList = new ObjectDefinitionList();
