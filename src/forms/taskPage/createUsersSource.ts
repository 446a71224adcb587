import { lookUpGroups, lookUpUsers, queryGroups, type GroupSummary } from '../../api/directoryApi';
import { queryUsers, type UserSummary } from '../../api/usersApi';
import { DIRECTORY_ID_MAX_LENGTH } from '../../../schemas/api/directoryConstants';
import type { DirectoryEntry, DirectoryKind, UsersSource } from '../registry/formServices';

/** How many people or groups a picker lists for one search. */
const SEARCH_SIZE = 20;
/** The longest filter the directory accepts; a longer query matches nobody anyway. */
const FILTER_MAX = 100;

/** A person as a picker lists them: the full name, the email beneath. */
function personEntry(user: UserSummary): DirectoryEntry {
  return { id: user.id, name: user.fullName, detail: user.email };
}

/** A group as a picker lists it: the name, how many belong to it beneath. */
function groupEntry(group: GroupSummary): DirectoryEntry {
  return { id: group.id, name: group.name, memberCount: group.memberCount };
}

/** Searches one kind of the directory for a typed text. */
function searchOf(kind: DirectoryKind, filter: string): Promise<DirectoryEntry[]> {
  const query = { size: SEARCH_SIZE, ...(filter ? { filter } : {}) };
  return kind === 'user'
    ? queryUsers(query).then((users) => users.map(personEntry))
    : queryGroups(query).then((groups) => groups.map(groupEntry));
}

/** Looks ids of one kind up in one call (or one per slice the server takes). */
function lookUpOf(kind: DirectoryKind, ids: readonly string[]): Promise<DirectoryEntry[]> {
  return kind === 'user'
    ? lookUpUsers(ids).then((users) => users.map(personEntry))
    : lookUpGroups(ids).then((groups) => groups.map(groupEntry));
}

/** Rejects the way `fetch` does once `signal` aborted, so a late answer is never used. */
function unlessAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  return answer.then((value) => {
    if (signal?.aborted) throw new DOMException('The search was replaced.', 'AbortError');
    return value;
  });
}

/** An id waiting for the next lookup, and how to answer whoever asked. */
interface Waiting {
  readonly resolve: (entry: DirectoryEntry | null) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The task page's directory for the `people` and `functional-group` pickers: the staff of
 * the user's tenant who work on tasks (access-task), searched by name or email, and the
 * tenant's functional groups, searched by name or id. A person or a group is stored by id,
 * as Flowable's form engine stores these fields' values.
 *
 * Saved ids are named by a lookup: the ids every picker of the page asks for in one turn
 * go in one call per kind, and each answer is kept for the page's life.
 */
export function createUsersSource(): UsersSource {
  const known = new Map<string, Promise<DirectoryEntry | null>>();
  const waiting: Record<DirectoryKind, Map<string, Waiting[]>> = {
    user: new Map(),
    group: new Map(),
  };
  let flushScheduled = false;

  // 1. Ask for every id that waits, one call per kind; answer each asker; forget a failed
  //    id, so the next picker that needs it asks again.
  const flush = () => {
    flushScheduled = false;
    for (const kind of ['user', 'group'] as const) {
      const batch = waiting[kind];
      if (batch.size === 0) continue;
      waiting[kind] = new Map();
      lookUpOf(kind, [...batch.keys()]).then(
        (entries) => {
          const byId = new Map(entries.map((entry) => [entry.id, entry]));
          for (const [id, askers] of batch) {
            for (const asker of askers) asker.resolve(byId.get(id) ?? null);
          }
        },
        (error: unknown) => {
          for (const [id, askers] of batch) {
            known.delete(`${kind}:${id}`);
            for (const asker of askers) asker.reject(error);
          }
        },
      );
    }
  };

  // 2. An id not yet known waits for the next flush, which runs once the pickers rendered
  //    in this turn have all asked.
  const entryOf = (kind: DirectoryKind, id: string): Promise<DirectoryEntry | null> => {
    // An id the directory could never hold is nobody's; asking would refuse the whole call.
    if (id === '' || id.length > DIRECTORY_ID_MAX_LENGTH) return Promise.resolve(null);
    const key = `${kind}:${id}`;
    let entry = known.get(key);
    if (!entry) {
      entry = new Promise((resolve, reject) => {
        const askers = waiting[kind].get(id) ?? [];
        askers.push({ resolve, reject });
        waiting[kind].set(id, askers);
      });
      known.set(key, entry);
      if (!flushScheduled) {
        flushScheduled = true;
        setTimeout(flush, 0);
      }
    }
    return entry;
  };

  return {
    kinds: ['user', 'group'],

    search(kind: DirectoryKind, query: string, signal?: AbortSignal) {
      const filter = query.trim().slice(0, FILTER_MAX);
      return unlessAborted(searchOf(kind, filter), signal);
    },

    describe(kind: DirectoryKind, id: string, signal?: AbortSignal) {
      return unlessAborted(entryOf(kind, id), signal);
    },
  };
}
