import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readObjectDataNavigationState } from './objectDataNavigationState';
import { objectDataPath } from './recordPaths';

/**
 * The way back to the records list a page was opened from: a page reached from a record
 * (the process instance a delete process started) carries the list's state in its
 * navigation state; this answers a function that opens that list with the same filters,
 * search mode, sort and page, or null when the page was not reached from a list.
 */
export function useRecordsListReturn(): (() => void) | null {
  const { state } = useLocation();
  const navigate = useNavigate();
  return useMemo(() => {
    const snapshot = readObjectDataNavigationState(state);
    if (!snapshot) return null;
    return () =>
      void navigate(objectDataPath(snapshot.key, snapshot.version), {
        state: { objectData: snapshot },
      });
  }, [state, navigate]);
}
