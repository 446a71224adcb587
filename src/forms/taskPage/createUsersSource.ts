import { queryUsers, type UserSummary } from '../../api/usersApi';
import type { DirectoryEntry, DirectoryKind, UsersSource } from '../registry/formServices';

/** How many people a picker lists for one search. */
const SEARCH_SIZE = 20;
/** The users API's largest page, used to read the whole directory in few calls. */
const PAGE_SIZE = 200;
/** The longest filter the users API accepts; a longer query matches nobody anyway. */
const FILTER_MAX = 100;

/** A person as a picker lists them: the full name, the email beneath. */
function entryOf(user: UserSummary): DirectoryEntry {
  return { id: user.id, name: user.fullName, detail: user.email };
}

/** Rejects the way `fetch` does once `signal` aborted, so a late answer is never used. */
function unlessAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  return answer.then((value) => {
    if (signal?.aborted) throw new DOMException('The search was replaced.', 'AbortError');
    return value;
  });
}

/**
 * The task page's directory for the `people` picker, over the users API: the staff of the
 * user's tenant who work on tasks (access-task), searched by name or email. A person is
 * stored by id, as Flowable's form engine stores a people field's value.
 *
 * It lists people only: the server offers no search of functional groups, so a
 * `functional-group` picker shows that its directory is not available.
 */
export function createUsersSource(): UsersSource {
  // A saved id is named from the whole directory, read once per page: the users API
  // searches by name and email, not by id.
  let everyone: Promise<Map<string, DirectoryEntry>> | null = null;

  const readEveryone = async (): Promise<Map<string, DirectoryEntry>> => {
    const entries = new Map<string, DirectoryEntry>();
    for (let page = 0; ; page += 1) {
      const users = await queryUsers({ page, size: PAGE_SIZE });
      for (const user of users) entries.set(user.id, entryOf(user));
      if (users.length < PAGE_SIZE) return entries;
    }
  };

  return {
    kinds: ['user'],

    search(kind: DirectoryKind, query: string, signal?: AbortSignal) {
      if (kind !== 'user') {
        return Promise.reject(new Error(`This directory cannot search the kind "${kind}".`));
      }
      const filter = query.trim().slice(0, FILTER_MAX);
      const answer = queryUsers({ size: SEARCH_SIZE, ...(filter ? { filter } : {}) });
      return unlessAborted(
        answer.then((users) => users.map(entryOf)),
        signal,
      );
    },

    describe(kind: DirectoryKind, id: string, signal?: AbortSignal) {
      if (kind !== 'user') return Promise.resolve(null);
      everyone ??= readEveryone().catch((error: unknown) => {
        // A failed read is tried again by the next saved value that needs a name.
        everyone = null;
        throw error;
      });
      return unlessAborted(
        everyone.then((entries) => entries.get(id) ?? null),
        signal,
      );
    },
  };
}
