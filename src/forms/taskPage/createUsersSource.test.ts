import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DIRECTORY_ID_MAX_LENGTH,
  DIRECTORY_LOOKUP_MAX,
  DirectoryPath,
} from '../../../schemas/api/directoryConstants';
import { UserPath } from '../../../schemas/api/usersConstants';
import type { UserSummary } from '../../api/usersApi';
import { FakeServer, type FakeRequest } from '../../testing/fakeServer';
import { createUsersSource } from './createUsersSource';

/** A person of the directory, numbered. */
function person(n: number): UserSummary {
  return {
    id: `user${n}`,
    email: `user${n}@tessera.example`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    fullName: `First${n} Last${n}`,
  };
}

/** A directory of `count` people, answered page by page as the users API does. */
function directoryOf(count: number) {
  const everyone = Array.from({ length: count }, (_, index) => person(index + 1));
  return (request: FakeRequest) => {
    const { page = 0, size = 200 } = request.body as { page?: number; size?: number };
    const content = everyone.slice(page * size, (page + 1) * size);
    return { status: 200, body: { result: { content, totalElements: count, page, size } } };
  };
}

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
});
afterEach(() => server.restore());

describe('createUsersSource', () => {
  it('given a search, then it asks the users API with the trimmed filter and lists name and email', async () => {
    server.on('POST', UserPath.query, {
      status: 200,
      body: { result: { content: [person(7)], totalElements: 1, page: 0, size: 20 } },
    });
    const source = createUsersSource();

    const entries = await source.search('user', '  amara ');

    expect(server.calls('POST', UserPath.query).map((call) => call.body)).toEqual([
      { page: 0, size: 20, filter: 'amara' },
    ]);
    expect(entries).toEqual([
      { id: 'user7', name: 'First7 Last7', detail: 'user7@tessera.example' },
    ]);
  });

  it('given an empty query, then it lists the first people without a filter', async () => {
    server.on('POST', UserPath.query, directoryOf(3));
    const entries = await createUsersSource().search('user', '   ');
    expect(server.calls('POST', UserPath.query)[0]?.body).toEqual({ page: 0, size: 20 });
    expect(entries.map((entry) => entry.id)).toEqual(['user1', 'user2', 'user3']);
  });

  it('given a group search, then it asks the group directory and lists the name and member count', async () => {
    server.on('POST', DirectoryPath.groups, {
      status: 200,
      body: {
        result: {
          content: [{ id: 'credit-committee', name: 'Credit committee', memberCount: 2 }],
          totalElements: 1,
          page: 0,
          size: 20,
        },
      },
    });
    const source = createUsersSource();
    expect(source.kinds).toEqual(['user', 'group']);

    const entries = await source.search('group', ' credit ');

    expect(server.calls('POST', DirectoryPath.groups).map((call) => call.body)).toEqual([
      { page: 0, size: 20, filter: 'credit' },
    ]);
    expect(entries).toEqual([{ id: 'credit-committee', name: 'Credit committee', memberCount: 2 }]);
    expect(server.calls('POST', UserPath.query)).toEqual([]);
  });

  it('given saved ids asked for in one turn, then each kind is looked up once by id and answers are kept', async () => {
    server.on('POST', DirectoryPath.usersByIds, (request) => {
      const { ids } = request.body as { ids: string[] };
      const content = ids.filter((id) => id !== 'nobody').map((id) => person(Number(id.slice(4))));
      return {
        status: 200,
        body: { result: { content, totalElements: content.length, page: 0, size: content.length } },
      };
    });
    server.on('POST', DirectoryPath.groupsByIds, {
      status: 200,
      body: {
        result: {
          content: [{ id: 'onboarding', name: 'Customer onboarding', memberCount: 2 }],
          totalElements: 1,
          page: 0,
          size: 1,
        },
      },
    });
    const source = createUsersSource();

    const [first, again, missing, group] = await Promise.all([
      source.describe?.('user', 'user3'),
      source.describe?.('user', 'user3'),
      source.describe?.('user', 'nobody'),
      source.describe?.('group', 'onboarding'),
    ]);

    expect(first).toEqual({ id: 'user3', name: 'First3 Last3', detail: 'user3@tessera.example' });
    expect(again).toEqual(first);
    expect(missing).toBeNull();
    expect(group).toEqual({ id: 'onboarding', name: 'Customer onboarding', memberCount: 2 });
    expect(server.calls('POST', DirectoryPath.usersByIds).map((call) => call.body)).toEqual([
      { ids: ['user3', 'nobody'] },
    ]);
    expect(server.calls('POST', DirectoryPath.groupsByIds).map((call) => call.body)).toEqual([
      { ids: ['onboarding'] },
    ]);
    await source.describe?.('user', 'user3');
    expect(server.requests).toHaveLength(2);
    expect(server.calls('POST', UserPath.query)).toEqual([]);
  });

  it('given more saved ids than one lookup takes, then they go in slices the server accepts', async () => {
    server.on('POST', DirectoryPath.usersByIds, (request) => {
      const { ids } = request.body as { ids: string[] };
      const content = ids.map((id) => person(Number(id.slice(4))));
      return {
        status: 200,
        body: { result: { content, totalElements: content.length, page: 0, size: content.length } },
      };
    });
    const source = createUsersSource();
    const count = DIRECTORY_LOOKUP_MAX + 5;

    const named = await Promise.all(
      Array.from({ length: count }, (_, index) => source.describe?.('user', `user${index + 1}`)),
    );

    expect(named.every((entry, index) => entry?.id === `user${index + 1}`)).toBe(true);
    const sizes = server
      .calls('POST', DirectoryPath.usersByIds)
      .map((call) => (call.body as { ids: string[] }).ids.length);
    expect(sizes).toEqual([DIRECTORY_LOOKUP_MAX, 5]);
  });

  it('given an id no directory could hold, then it is nobody without asking the server', async () => {
    const source = createUsersSource();
    expect(await source.describe?.('group', 'g'.repeat(DIRECTORY_ID_MAX_LENGTH + 1))).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('given a failed lookup, then the next saved value asks again', async () => {
    let fail = true;
    server.on('POST', DirectoryPath.usersByIds, () =>
      fail
        ? { status: 500, body: { message: 'down' } }
        : {
            status: 200,
            body: { result: { content: [person(1)], totalElements: 1, page: 0, size: 1 } },
          },
    );
    const source = createUsersSource();
    await expect(source.describe?.('user', 'user1')).rejects.toBeTruthy();
    fail = false;
    expect((await source.describe?.('user', 'user1'))?.name).toBe('First1 Last1');
  });

  it('given a search replaced before its answer, then the late answer is refused', async () => {
    server.on('POST', UserPath.query, directoryOf(3));
    const abort = new AbortController();
    const pending = createUsersSource().search('user', 'first', abort.signal);
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
