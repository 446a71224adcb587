import type { Account } from '../../schemas/api/identity';
import type { OpenLiveEventSource } from '../live/liveEventSource';
import { RootStore } from '../RootStore';
import { WorkStores } from '../WorkStores';

/** A navigator that records where the app went instead of moving a browser. */
export class RecordingNavigator {
  /** The current path, as `navigate` left it. */
  path: string;
  /** Every navigation, in order. */
  readonly visits: string[] = [];

  constructor(startPath = '/') {
    this.path = startPath;
  }

  /** Records a navigation and moves there. */
  navigate = (to: string): void => {
    this.visits.push(to);
    this.path = to;
  };

  /** The path the app is on. */
  currentPath = (): string => this.path;
}

/**
 * A RootStore on a recording navigator and an in-memory storage, for one test, with the task
 * work's stores built; without a live stream unless the test hands in its own.
 */
export function createTestStores(
  startPath = '/',
  openEventSource: OpenLiveEventSource | null = null,
): {
  stores: RootStore;
  navigator: RecordingNavigator;
} {
  const navigator = new RecordingNavigator(startPath);
  const memory = new Map<string, string>();
  const stores = new RootStore({
    navigator,
    storage: {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
    },
    browserLanguages: ['en-GB'],
    openEventSource,
  });
  // Built at once, where the app fetches them at sign-in: a test reaches them straight away.
  stores.attachWork(new WorkStores(stores.workDeps()));
  return { stores, navigator };
}

/** An account as the server would send it; override what the case is about. */
export function anAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 'u-anna',
    email: 'anna.lopez@northbank.example',
    fullName: 'Anna Lopez',
    firstName: 'Anna',
    lastName: 'Lopez',
    groups: ['loan-officers'],
    privileges: ['access-task'],
    tenant: 'internal',
    ...overrides,
  };
}
