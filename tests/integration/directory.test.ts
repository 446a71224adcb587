import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/api/common';
import {
  DIRECTORY_LOOKUP_MAX,
  DirectoryPath,
  type GroupsAnswer,
} from '../../schemas/api/directory';
import { UserPath, type UsersAnswer } from '../../schemas/api/users';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { identityClient, type IdentityClient } from './identityClient';

/** Signs a demo user in on their tenant's host; fails the test if the sign-in is refused. */
async function signedIn(server: TestServer, email: string, tenant = 'internal') {
  const client = identityClient(server, tenant);
  const response = await client.login(email);
  if (response.statusCode >= 400) throw new Error(`${email} could not sign in: ${response.body}`);
  return client;
}

/** A JSON POST of `body` to `url`. */
function post(client: IdentityClient, url: string, body: unknown) {
  return client.request({ method: 'POST', url, body });
}

/** The demo tenant's groups by name, with their members (fixtures/identity). */
const INTERNAL_GROUPS = [
  { id: 'back-office', name: 'Back office', memberCount: 1 },
  { id: 'credit-committee', name: 'Credit committee', memberCount: 2 },
  { id: 'onboarding', name: 'Customer onboarding', memberCount: 2 },
  { id: 'form-authors', name: 'Form authors', memberCount: 1 },
  { id: 'loan-officers', name: 'Loan officers', memberCount: 5 },
];

describe('the directory of the form pickers', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let elena: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    lucas = await signedIn(server, 'lucas.martin@tessera.example');
    elena = await signedIn(server, 'elena.vidal@tessera.example');
    ana = await signedIn(server, 'ana.souza@acme.example', 'acme');
  });

  afterAll(async () => {
    await server.close();
  });

  describe('group search', () => {
    it('given an officer, when they list groups, then every group of their tenant comes back by name with its member count', async () => {
      const answer = await post(lucas, DirectoryPath.groups, {});
      expect(answer.statusCode).toBe(200);
      expect(answer.json<GroupsAnswer>().result).toEqual({
        content: INTERNAL_GROUPS,
        totalElements: 5,
        page: 0,
        size: 50,
      });
    });

    it('given a piece of a name or an id in any case, when searched, then only the groups it matches come back', async () => {
      const byName = await post(lucas, DirectoryPath.groups, { filter: '  COMMIT ' });
      expect(byName.json<GroupsAnswer>().result.content.map((group) => group.id)).toEqual([
        'credit-committee',
      ]);
      const byId = await post(lucas, DirectoryPath.groups, { filter: 'back-off' });
      expect(byId.json<GroupsAnswer>().result.content.map((group) => group.id)).toEqual([
        'back-office',
      ]);
      // LIKE wildcards are text like any other: no group name holds "%" or "_".
      for (const filter of ['%', '_', '\\']) {
        const wild = await post(lucas, DirectoryPath.groups, { filter });
        expect(wild.json<GroupsAnswer>().result).toMatchObject({ content: [], totalElements: 0 });
      }
    });

    it('given pages of two, when read one after another, then they cover every group once, in order', async () => {
      const pages = [];
      for (const page of [0, 1, 2, 3]) {
        const answer = await post(lucas, DirectoryPath.groups, { page, size: 2 });
        expect(answer.statusCode).toBe(200);
        pages.push(answer.json<GroupsAnswer>().result);
      }
      expect(pages.map((page) => page.content.length)).toEqual([2, 2, 1, 0]);
      expect(pages.every((page) => page.totalElements === 5 && page.size === 2)).toBe(true);
      expect(pages.flatMap((page) => page.content)).toEqual(INTERNAL_GROUPS);
    });

    it('given another tenant, when its officer lists groups, then only that tenant’s come back', async () => {
      const answer = await post(ana, DirectoryPath.groups, {});
      expect(answer.json<GroupsAnswer>().result.content).toEqual([
        { id: 'loan-officers', name: 'Loan officers', memberCount: 1 },
      ]);
      const committee = await post(ana, DirectoryPath.groups, { filter: 'credit' });
      expect(committee.json<GroupsAnswer>().result.totalElements).toBe(0);
    });
  });

  describe('lookup by ids', () => {
    it('given ids of groups, when looked up, then the known ones come back in the order asked', async () => {
      const answer = await post(lucas, DirectoryPath.groupsByIds, {
        ids: ['onboarding', 'nobody', 'back-office'],
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<GroupsAnswer>().result.content).toEqual([
        { id: 'onboarding', name: 'Customer onboarding', memberCount: 2 },
        { id: 'back-office', name: 'Back office', memberCount: 1 },
      ]);
    });

    it('given ids of people, when looked up, then the staff the users list shows come back in the order asked', async () => {
      const answer = await post(lucas, DirectoryPath.usersByIds, {
        ids: ['jmorales', 'evidal', 'mgarcia', 'ghost'],
      });
      expect(answer.statusCode).toBe(200);
      // Elena has no access-task: the users list does not show her, so neither does a lookup.
      expect(answer.json<UsersAnswer>().result.content).toEqual([
        {
          id: 'jmorales',
          email: 'javier.morales@tessera.example',
          firstName: 'Javier',
          lastName: 'Morales',
          fullName: 'Javier Morales',
        },
        {
          id: 'mgarcia',
          email: 'maria.garcia@tessera.example',
          firstName: 'María',
          lastName: 'García',
          fullName: 'María García',
        },
      ]);
      const listed = await post(lucas, UserPath.query, { filter: 'elena' });
      expect(listed.json<UsersAnswer>().result.content).toEqual([]);
    });

    it('given ids of another tenant, when looked up, then nothing of that tenant comes back', async () => {
      const people = await post(ana, DirectoryPath.usersByIds, {
        ids: ['mgarcia', 'lmartin', 'acme-asouza'],
      });
      expect(people.json<UsersAnswer>().result.content.map((user) => user.id)).toEqual([
        'acme-asouza',
      ]);
      const groups = await post(ana, DirectoryPath.groupsByIds, {
        ids: ['credit-committee', 'loan-officers'],
      });
      expect(groups.json<GroupsAnswer>().result.content).toEqual([
        { id: 'loan-officers', name: 'Loan officers', memberCount: 1 },
      ]);
      const back = await post(lucas, DirectoryPath.usersByIds, { ids: ['acme-asouza'] });
      expect(back.json<UsersAnswer>().result.content).toEqual([]);
    });
  });

  describe('refusals', () => {
    const calls = [
      [DirectoryPath.groups, {}],
      [DirectoryPath.groupsByIds, { ids: ['loan-officers'] }],
      [DirectoryPath.usersByIds, { ids: ['lmartin'] }],
    ] as const;

    it('given a user without access-task, when they call the directory, then it is refused with 403', async () => {
      for (const [url, body] of calls) {
        const answer = await post(elena, url, body);
        expect(answer.statusCode, url).toBe(403);
        expect(answer.json<{ code: string }>().code).toBe(ErrorCode.insufficientPrivileges);
      }
    });

    it('given no session, when the directory is called, then it answers 401', async () => {
      const stranger = identityClient(server);
      for (const [url, body] of calls) {
        expect((await post(stranger, url, body)).statusCode, url).toBe(401);
      }
    });

    it.each([
      ['a filter over 100 characters', DirectoryPath.groups, { filter: 'x'.repeat(101) }],
      ['a size of 0', DirectoryPath.groups, { size: 0 }],
      ['a size over 200', DirectoryPath.groups, { size: 201 }],
      ['a negative page', DirectoryPath.groups, { page: -1 }],
      ['a page past the bound', DirectoryPath.groups, { page: 10_001 }],
      ['a field it does not know', DirectoryPath.groups, { filter: 'a', sql: 'drop table groups' }],
      ['a filter that is not text', DirectoryPath.groups, { filter: { $ne: '' } }],
      ['no ids', DirectoryPath.groupsByIds, { ids: [] }],
      ['ids missing', DirectoryPath.usersByIds, {}],
      ['an id that is not text', DirectoryPath.usersByIds, { ids: [42] }],
      ['an empty id', DirectoryPath.usersByIds, { ids: [''] }],
      ['an id over 100 characters', DirectoryPath.groupsByIds, { ids: ['g'.repeat(101)] }],
      ['the same id twice', DirectoryPath.usersByIds, { ids: ['lmartin', 'lmartin'] }],
      [
        'more ids than a lookup takes',
        DirectoryPath.groupsByIds,
        { ids: Array.from({ length: DIRECTORY_LOOKUP_MAX + 1 }, (_, index) => `g${index}`) },
      ],
    ])('given %s, when sent, then it is refused with 400', async (_case, url, body) => {
      const answer = await post(lucas, url, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ code: string }>().code).toBe(ErrorCode.validation);
    });

    it('given a NUL in a filter or an id, when sent, then it is refused as invalid text', async () => {
      for (const [url, body] of [
        [DirectoryPath.groups, { filter: 'loan\u0000' }],
        [DirectoryPath.usersByIds, { ids: ['lmartin\u0000'] }],
      ] as const) {
        const answer = await post(lucas, url, body);
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json<{ code: string }>().code).toBe(ErrorCode.invalidText);
      }
    });

    it('given the largest lookup, when sent, then it is answered', async () => {
      const ids = Array.from({ length: DIRECTORY_LOOKUP_MAX }, (_, index) => `g${index}`);
      ids[DIRECTORY_LOOKUP_MAX - 1] = 'loan-officers';
      const answer = await post(lucas, DirectoryPath.groupsByIds, { ids });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<GroupsAnswer>().result.content.map((group) => group.id)).toEqual([
        'loan-officers',
      ]);
    });
  });
});
