import { createContext, useContext } from 'react';
import type { RootStore } from '../RootStore';

/** Carries the one RootStore down the React tree. */
export const StoresContext = createContext<RootStore | null>(null);

/** The app's stores, for any component under `StoresContext.Provider`. */
export function useStores(): RootStore {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores() needs a StoresContext.Provider above it');
  return stores;
}
