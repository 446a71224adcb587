import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

  it('searches people only: the server has no directory of functional groups', async () => {
    const source = createUsersSource();
    expect(source.kinds).toEqual(['user']);
    await expect(source.search('group', 'credit')).rejects.toThrow(/group/);
    expect(await source.describe?.('group', 'credit-committee')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('given a saved id, then it names it from the whole directory, read page by page once', async () => {
    server.on('POST', UserPath.query, directoryOf(450));
    const source = createUsersSource();

    const [first, last, missing] = await Promise.all([
      source.describe?.('user', 'user3'),
      source.describe?.('user', 'user450'),
      source.describe?.('user', 'nobody'),
    ]);

    expect(first).toEqual({ id: 'user3', name: 'First3 Last3', detail: 'user3@tessera.example' });
    expect(last?.name).toBe('First450 Last450');
    expect(missing).toBeNull();
    expect(server.calls('POST', UserPath.query).map((call) => call.body)).toEqual([
      { page: 0, size: 200 },
      { page: 1, size: 200 },
      { page: 2, size: 200 },
    ]);
    await source.describe?.('user', 'user1');
    expect(server.calls('POST', UserPath.query)).toHaveLength(3);
  });

  it('given a failed directory read, then the next saved value asks again', async () => {
    let fail = true;
    const directory = directoryOf(2);
    server.on('POST', UserPath.query, (request) =>
      fail ? { status: 500, body: { message: 'down' } } : directory(request),
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
