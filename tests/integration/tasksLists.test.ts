import { beforeAll, describe, expect, it } from 'vitest';
import {
  SORT_PARAMS_OF_TYPE,
  TaskPath,
  TaskSortType,
  type TaskListAnswer,
  type TaskQueryBody,
  type TaskRow,
} from '../../schemas/api/tasks';
import { dateWindows } from '../../server/workflow/dateWindows';
import {
  call,
  clearInstances,
  dayFromToday,
  testDayClock,
  deployKit,
  EMAIL,
  makeTask,
  signIn,
} from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';

type ListKind = 'assigned' | 'candidate' | 'team';
type QuickFilter = 'ALL' | 'NEW' | 'TODAY' | 'WEEK' | 'OVERDUE';

const QUICK_FILTERS: QuickFilter[] = ['ALL', 'NEW', 'TODAY', 'WEEK', 'OVERDUE'];

/** The quick filter as the dashboard sends it: NEW as status, the others as dateType. */
function quickFilterBody(filter: QuickFilter): Partial<TaskQueryBody> {
  if (filter === 'ALL') return { quickFilterType: 'ALL' };
  if (filter === 'NEW')
    return { quickFilterType: 'NEW', filterNew: true, filterParams: { status: 'NEW' } };
  return { quickFilterType: filter, filterParams: { dateType: filter } };
}

/** Whether a row falls in a quick filter, judged independently of the server. */
function inQuickFilter(row: TaskRow, filter: QuickFilter): boolean {
  const windows = dateWindows(testDayClock());
  const due = row.dueDate === null ? null : new Date(row.dueDate);
  switch (filter) {
    case 'ALL':
      return true;
    case 'NEW':
      return row.isNew;
    case 'TODAY':
      return due !== null && due >= windows.todayStart && due < windows.tomorrowStart;
    case 'WEEK':
      return due !== null && due >= windows.todayStart && due < windows.weekEnd;
    case 'OVERDUE':
      return due !== null && due < windows.todayStart;
  }
}

/** The badge of a quick filter in an answer. */
function badge(answer: TaskListAnswer, filter: QuickFilter): number {
  return {
    ALL: answer.totalAll,
    NEW: answer.totalNew,
    TODAY: answer.totalToday,
    WEEK: answer.totalThisWeek,
    OVERDUE: answer.totalOverdue,
  }[filter];
}

/** Text order of the server: lower case, code point by code point. */
const textOrder = (a: string, b: string): number => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** What each sort parameter reads from a row; null sorts last in both directions. */
const SORT_KEY: Record<string, (row: TaskRow) => string | null> = {
  dueDate: (row) => row.dueDate,
  name: (row) => row.taskName,
  'iu.displayName': (row) => row.assigneeName,
  'pd.name': (row) => row.processName,
  createTime: (row) => row.createTime,
};

function expectSorted(rows: readonly TaskRow[], param: string, order: 'ASC' | 'DESC'): void {
  const key = SORT_KEY[param];
  if (!key) throw new Error(`no key for ${param}`);
  const expected = [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) {
      if (x === y) return a.taskId < b.taskId ? -1 : 1;
      return x === null ? 1 : -1;
    }
    const byKey =
      param === 'dueDate' || param === 'createTime'
        ? x < y
          ? -1
          : x > y
            ? 1
            : 0
        : textOrder(x, y);
    if (byKey !== 0) return order === 'ASC' ? byKey : -byKey;
    return a.taskId < b.taskId ? -1 : 1;
  });
  expect(rows.map((row) => row.taskId)).toEqual(expected.map((row) => row.taskId));
}

describe('task lists', () => {
  // The quick filters' windows are cut from the server's clock, held on the test's day so
  // that day cannot end mid-file; one test moves it on.
  let heldAt = testDayClock();
  const suite = setUpTestServer({ clock: () => heldAt });
  let lucas: IdentityClient;
  let maria: IdentityClient;
  let amara: IdentityClient;
  let ana: IdentityClient;

  const list = async (
    client: IdentityClient,
    kind: ListKind,
    body: Partial<TaskQueryBody> = {},
  ): Promise<TaskListAnswer> => {
    const response = await call(client, 'POST', TaskPath[kind], { page: 0, size: 200, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TaskListAnswer>();
  };

  beforeAll(async () => {
    await deployKit(suite.server);
    await deployKit(suite.server, 'acme');
    await clearInstances(suite.server);
    // Lucas's own tasks: every due window, names of mixed case, both processes, some new.
    const lucasTasks: [string, string | null, boolean][] = [
      ['check income of Bruno', dayFromToday(-3), false],
      ['Approve collateral', dayFromToday(-1, 23), true],
      ['call the customer', dayFromToday(0, 1), false],
      ['Zero-rate offer 50%', dayFromToday(0, 22), true],
      ['Book a visit', dayFromToday(1), false],
      ['archive papers', dayFromToday(2), true],
      ['Draft contract', dayFromToday(5), false],
      ['Escalate to committee', dayFromToday(10), true],
      ['follow up payslips', dayFromToday(40), false],
      ['Gather ID copies', null, false],
      ['hold for review', null, true],
      ['Index scans', dayFromToday(-20), true],
    ];
    for (const [index, [name, dueDate, seen]] of lucasTasks.entries()) {
      await makeTask(suite.server, {
        name,
        dueDate,
        seen,
        assignee: 'lmartin',
        process: index % 2 === 0 ? 'alpha' : 'zulu',
        createdAt: new Date(Date.UTC(2026, 0, 1 + ((index * 7) % 12))).toISOString(),
      });
    }
    // The team around María: her subordinates, a committee colleague, herself, an outsider.
    for (const [assignee, name, offset] of [
      ['aokafor', 'Amara task one', -2],
      ['aokafor', 'amara task two', 3],
      ['jmorales', 'Javier task', 0],
      ['tbernard', 'Theo task', null],
      ['cdubois', 'Claire committee task', 1],
      ['mgarcia', 'Maria own task', 1],
      ['pnair', 'Priya outside task', 1],
    ] as const) {
      await makeTask(suite.server, {
        name,
        assignee,
        dueDate: offset === null ? null : dayFromToday(offset),
        process: name.length % 2 === 0 ? 'alpha' : 'zulu',
      });
    }
    // Candidate tasks around Amara (loan-officers, onboarding).
    await makeTask(suite.server, {
      name: 'Pool: loan officers',
      candidateGroups: ['loan-officers'],
      dueDate: dayFromToday(0),
    });
    await makeTask(suite.server, {
      name: 'Pool: onboarding',
      candidateGroups: ['onboarding'],
      dueDate: dayFromToday(-1),
    });
    await makeTask(suite.server, { name: 'Offered to Amara', candidateUsers: ['aokafor'] });
    await makeTask(suite.server, { name: 'Pool: back office', candidateGroups: ['back-office'] });
    await makeTask(suite.server, {
      name: 'Started by Amara, initiator may',
      process: 'alpha',
      startedBy: 'aokafor',
    });
    await makeTask(suite.server, {
      name: 'Started by Amara, initiator may not',
      process: 'zulu',
      startedBy: 'aokafor',
    });
    await makeTask(suite.server, {
      name: 'Claimed pool task',
      candidateGroups: ['loan-officers'],
      assignee: 'lmartin',
      dueDate: dayFromToday(8),
    });
    await makeTask(suite.server, {
      name: 'Acme pool',
      tenant: 'acme',
      candidateGroups: ['loan-officers'],
      startedBy: 'acme-asouza',
    });
    await makeTask(suite.server, {
      name: 'Acme own',
      tenant: 'acme',
      assignee: 'acme-asouza',
      startedBy: 'acme-asouza',
    });

    ({ lucas, maria, amara, ana } = await signInDemoStaff(suite.server));
  });

  describe('membership', () => {
    it('given Lucas, when listing assigned tasks, then exactly his open tasks come back', async () => {
      const answer = await list(lucas, 'assigned');
      expect(answer.content).toHaveLength(13);
      expect(answer.content.every((row) => row.assignee === 'lmartin')).toBe(true);
      expect(answer.content.every((row) => row.assigneeName === 'Lucas Martin')).toBe(true);
      expect(answer.totalHeadCount).toBe(13);
    });

    it('given Amara, when listing candidate tasks, then her groups, her name and the initiator rule count, and claimed or foreign ones do not', async () => {
      const answer = await list(amara, 'candidate');
      const names = answer.content.map((row) => row.taskName).sort();
      expect(names).toEqual([
        'Offered to Amara',
        'Pool: loan officers',
        'Pool: onboarding',
        'Started by Amara, initiator may',
      ]);
      const offered = answer.content.find((row) => row.taskName === 'Offered to Amara');
      expect(offered).toMatchObject({
        memberOfCandidateUsers: true,
        memberOfCandidateGroup: false,
        candidates: ['Amara Okafor'],
      });
      const pool = answer.content.find((row) => row.taskName === 'Pool: loan officers');
      expect(pool).toMatchObject({
        memberOfCandidateGroup: true,
        candidates: ['Loan officers'],
        assignee: null,
        isNew: false,
      });
      const initiator = answer.content.find(
        (row) => row.taskName === 'Started by Amara, initiator may',
      );
      expect(initiator).toMatchObject({
        initiatorCanCompleteTask: true,
        processInstanceStartUserId: 'aokafor',
      });
    });

    it('given María, when listing the team, then her subordinates and group mates, not herself nor outsiders', async () => {
      const answer = await list(maria, 'team');
      const assignees = new Set(answer.content.map((row) => row.assignee));
      expect(assignees).toEqual(new Set(['aokafor', 'jmorales', 'tbernard', 'cdubois', 'lmartin']));
    });

    it('given Amara, when listing the team, then her loan-officer and onboarding mates appear, not the committee', async () => {
      const answer = await list(amara, 'team');
      const assignees = new Set(answer.content.map((row) => row.assignee));
      expect(assignees).toEqual(new Set(['mgarcia', 'lmartin', 'jmorales', 'tbernard', 'pnair']));
    });

    it('given an acme session, when listing, then only acme tasks appear', async () => {
      const assigned = await list(ana, 'assigned');
      expect(assigned.content.map((row) => row.taskName)).toEqual(['Acme own']);
      const candidate = await list(ana, 'candidate');
      expect(candidate.content.map((row) => row.taskName)).toEqual(['Acme pool']);
      const team = await list(ana, 'team');
      expect(team.content).toEqual([]);
      expect(team.totalHeadCount).toBe(0);
    });

    it('given a row, when read, then it carries every field of the spec task row', async () => {
      const [row] = (await list(lucas, 'assigned', { filterParams: { taskName: 'Book a visit' } }))
        .content;
      expect(Object.keys(row ?? {}).sort()).toEqual(
        [
          'processInstanceId',
          'taskId',
          'processName',
          'dueDate',
          'taskStatus',
          'taskName',
          'assignee',
          'assigneeName',
          'candidates',
          'createTime',
          'memberOfCandidateGroup',
          'memberOfCandidateUsers',
          'initiatorCanCompleteTask',
          'processInstanceStartUserId',
          'formKey',
          'isNew',
        ].sort(),
      );
      expect(row).toMatchObject({
        taskStatus: 'OPEN',
        formKey: 'kit-form',
        processInstanceStartUserId: 'pnair',
      });
    });
  });

  describe('sorting', () => {
    for (const sortType of Object.values(TaskSortType)) {
      it(`given sortParams for ${sortType}, when listing Lucas's tasks and María's team, then rows are in that order`, async () => {
        const entry = SORT_PARAMS_OF_TYPE[sortType];
        const assigned = await list(lucas, 'assigned', { sortParams: [entry] });
        expectSorted(assigned.content, entry.param, entry.order);
        const team = await list(maria, 'team', { sortParams: [entry] });
        expectSorted(team.content, entry.param, entry.order);
      });
    }

    it('given only a sortType, when listing, then it orders like the matching sortParams', async () => {
      const bySortType = await list(lucas, 'assigned', { sortType: 'TASK_NAME_DESC' });
      const byParams = await list(lucas, 'assigned', {
        sortParams: [{ param: 'name', order: 'DESC' }],
      });
      expect(bySortType.content.map((row) => row.taskId)).toEqual(
        byParams.content.map((row) => row.taskId),
      );
    });

    it('given no sort, when listing, then due date ascends with undated tasks last', async () => {
      const answer = await list(lucas, 'assigned');
      expectSorted(answer.content, 'dueDate', 'ASC');
      expect(answer.content.at(-1)?.dueDate).toBeNull();
    });

    it('given pages of five, when walking them, then they neither overlap nor miss a row', async () => {
      const seen: string[] = [];
      for (let page = 0; page < 3; page += 1) {
        const answer = await list(lucas, 'assigned', {
          page,
          size: 5,
          sortParams: [{ param: 'name', order: 'ASC' }],
        });
        expect(answer).toMatchObject({ page, size: 5, totalCount: 13 });
        seen.push(...answer.content.map((row) => row.taskId));
      }
      expect(new Set(seen).size).toBe(13);
    });
  });

  describe('quick filters and counters', () => {
    const cases: [string, () => IdentityClient, ListKind][] = [
      ['Lucas assigned', () => lucas, 'assigned'],
      ['Amara candidate', () => amara, 'candidate'],
      ['María team', () => maria, 'team'],
    ];
    for (const [label, client, kind] of cases) {
      for (const filter of QUICK_FILTERS) {
        it(`given ${label}, when choosing ${filter}, then the rows match it and its badge and totalCount equal their number`, async () => {
          const everything = await list(client(), kind);
          const filtered = await list(client(), kind, quickFilterBody(filter));
          const expected = everything.content.filter((row) => inQuickFilter(row, filter));
          expect(filtered.content.map((row) => row.taskId).sort()).toEqual(
            expected.map((row) => row.taskId).sort(),
          );
          expect(filtered.totalCount).toBe(filtered.content.length);
          expect(badge(everything, filter)).toBe(filtered.content.length);
          // The badges do not depend on which quick filter is chosen.
          for (const other of QUICK_FILTERS)
            expect(badge(filtered, other)).toBe(badge(everything, other));
          expect(filtered.totalHeadCount).toBe(everything.content.length);
        });
      }
    }

    it('given Lucas with every due window, when counting, then each window has tasks', async () => {
      const answer = await list(lucas, 'assigned');
      expect(answer.totalOverdue).toBe(3);
      expect(answer.totalToday).toBe(2);
      expect(answer.totalNew).toBe(7);
      expect(answer.totalThisWeek).toBeGreaterThanOrEqual(2);
    });

    it('given the server clock ten days on, when counting, then the windows are cut from its day, not the machine’s', async () => {
      const before = await list(lucas, 'assigned');
      heldAt = new Date(testDayClock().getTime() + 10 * 86_400_000);
      try {
        const later = await list(lucas, 'assigned');
        const laterToday = dateWindows(heldAt).todayStart;
        const dueBefore = later.content.filter(
          (row) => row.dueDate !== null && new Date(row.dueDate) < laterToday,
        );
        expect(later.totalOverdue).toBe(dueBefore.length);
        expect(later.totalOverdue).toBeGreaterThan(before.totalOverdue);
        const today = await list(lucas, 'assigned', quickFilterBody('TODAY'));
        expect(today.content.map((row) => row.taskName)).toEqual(['Escalate to committee']);
      } finally {
        heldAt = testDayClock();
      }
    });

    it('given a name filter, when counting, then the badges count within it and the head count does not', async () => {
      const answer = await list(lucas, 'assigned', { filterParams: { taskName: 'C' } });
      const expected = (await list(lucas, 'assigned')).content.filter((row) =>
        row.taskName.toLowerCase().includes('c'),
      );
      expect(answer.totalAll).toBe(expected.length);
      expect(answer.totalCount).toBe(expected.length);
      expect(answer.totalOverdue).toBe(
        expected.filter((row) => inQuickFilter(row, 'OVERDUE')).length,
      );
      expect(answer.totalHeadCount).toBe(13);
    });

    it('given a quick filter and a name filter together, when listing, then both apply', async () => {
      const answer = await list(lucas, 'assigned', {
        ...quickFilterBody('NEW'),
        filterParams: { status: 'NEW', taskName: 'e' },
      });
      expect(answer.content.length).toBeGreaterThan(0);
      expect(
        answer.content.every((row) => row.isNew && row.taskName.toLowerCase().includes('e')),
      ).toBe(true);
      expect(answer.totalCount).toBe(answer.content.length);
    });
  });

  describe('filters', () => {
    it('given a due date, when filtering, then only tasks due that UTC day appear', async () => {
      const day = dayFromToday(2).slice(0, 10);
      const answer = await list(lucas, 'assigned', { filterParams: { dueDate: day } });
      expect(answer.content.map((row) => row.taskName)).toEqual(['archive papers']);
    });

    it('given a piece of a name in another case, when filtering, then it matches anywhere', async () => {
      const answer = await list(lucas, 'assigned', { filterParams: { taskName: 'CUSTOM' } });
      expect(answer.content.map((row) => row.taskName)).toEqual(['call the customer']);
    });

    it('given LIKE wildcards in the name filter, when filtering, then they match literally', async () => {
      expect(
        (await list(lucas, 'assigned', { filterParams: { taskName: '50%' } })).content.map(
          (row) => row.taskName,
        ),
      ).toEqual(['Zero-rate offer 50%']);
      expect((await list(lucas, 'assigned', { filterParams: { taskName: '_' } })).content).toEqual(
        [],
      );
    });

    it('given the team assignee filter, when filtering, then only that member’s tasks appear', async () => {
      const answer = await list(maria, 'team', { filterParams: { assignee: 'aokafor' } });
      expect(answer.content.map((row) => row.taskName).sort()).toEqual([
        'Amara task one',
        'amara task two',
      ]);
      expect(answer.totalHeadCount).toBeGreaterThan(answer.totalCount);
    });

    it('given the team assignee filter naming an outsider, when filtering, then nothing appears', async () => {
      expect((await list(maria, 'team', { filterParams: { assignee: 'pnair' } })).content).toEqual(
        [],
      );
    });
  });

  describe('malformed queries', () => {
    const bad: [string, ListKind, unknown][] = [
      ['a page size off the list', 'assigned', { page: 0, size: 7 }],
      ['a negative page', 'assigned', { page: -1, size: 10 }],
      ['a missing size', 'assigned', { page: 0 }],
      ['an unknown field', 'assigned', { page: 0, size: 10, colour: 'red' }],
      ['a string page', 'assigned', { page: '0', size: 10 }],
      [
        'an unknown sort parameter',
        'assigned',
        { page: 0, size: 10, sortParams: [{ param: 'secret', order: 'ASC' }] },
      ],
      [
        'a lower-case order',
        'assigned',
        { page: 0, size: 10, sortParams: [{ param: 'name', order: 'asc' }] },
      ],
      [
        'a date in another format',
        'assigned',
        { page: 0, size: 10, filterParams: { dueDate: '31/12/2026' } },
      ],
      [
        'a day that does not exist',
        'assigned',
        { page: 0, size: 10, filterParams: { dueDate: '2026-02-31' } },
      ],
      [
        'the assignee filter outside the team list',
        'assigned',
        { page: 0, size: 10, filterParams: { assignee: 'x' } },
      ],
      ['another list’s assignment', 'candidate', { page: 0, size: 10, assignment: 'INVOLVED' }],
      ['an unknown state', 'assigned', { page: 0, size: 10, state: 'CLOSED' }],
      [
        'disagreeing date filters',
        'assigned',
        { page: 0, size: 10, quickFilterType: 'TODAY', filterParams: { dateType: 'WEEK' } },
      ],
      ['an unknown status', 'team', { page: 0, size: 10, filterParams: { status: 'OLD' } }],
    ];
    for (const [label, kind, body] of bad) {
      it(`given ${label}, when querying, then 400 VALIDATION_ERROR`, async () => {
        const response = await call(lucas, 'POST', TaskPath[kind], body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      });
    }

    it('given a body that is not JSON, when querying, then 400', async () => {
      const response = await lucas.request({
        method: 'POST',
        url: TaskPath.assigned,
        body: '{"page":',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('privileges', () => {
    it('given no session, when listing, then 401 before the body is looked at', async () => {
      const anonymous = (await import('./identityClient')).identityClient(suite.server);
      const response = await call(anonymous, 'POST', TaskPath.assigned, { nonsense: true });
      expect(response.statusCode).toBe(401);
    });

    it('given a user without access-task, when listing, then 403', async () => {
      const elena = await signIn(suite.server, EMAIL.evidal);
      const response = await call(elena, 'POST', TaskPath.assigned, { page: 0, size: 10 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_PRIVILEGES' });
    });
  });
});
