import type { RootStore } from '../RootStore';
import { useStores } from '../stores/useStores';
import { RecordsStore } from './RecordsStore';
import { saveFile } from '../components/saveFile';

const stores = new WeakMap<RootStore, RecordsStore>();

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The records store of the app, made on the first visit to a records screen and kept as
 * long as the app's RootStore, so the list's state survives a visit to a record. It is not
 * built by the RootStore itself so that the records code stays in the records chunk.
 */
export function useRecordsStore(): RecordsStore {
  const root = useStores();
  let store = stores.get(root);
  if (!store) {
    store = new RecordsStore({
      toasts: root.toasts,
      announcer: root.announcer,
      navigator: root.navigator,
      storage: browserStorage(),
      saveFile,
    });
    stores.set(root, store);
  }
  return store;
}
