import { describe, expect, it } from 'vitest';
import { TASK_DESCRIPTION_MAX_LENGTH } from '../../../schemas/api/tasksConstants';
import type { UserTaskNode } from '../processModel';
import { resolveUserTask } from './resolveUserTask';

const startedAt = new Date('2026-03-02T09:00:00.000Z');
/** The instance started at `startedAt` and the task is created at the same instant. */
const times = { instanceStartedAt: startedAt, taskCreatedAt: startedAt };

function node(overrides: Partial<UserTaskNode>): UserTaskNode {
  return {
    kind: 'userTask',
    id: 'review',
    name: null,
    incoming: [],
    outgoing: [],
    formKey: null,
    assignee: null,
    candidateUsers: [],
    candidateGroups: [],
    dueDate: null,
    dueDateFrom: 'taskCreated',
    priority: '50',
    initiatorCanCompleteTask: false,
    ...overrides,
  };
}

describe('resolveUserTask', () => {
  it('given templates, when resolved, then name, assignee and candidates come from the variables', () => {
    const resolved = resolveUserTask(
      node({
        name: 'Review ${customerName}',
        assignee: '${initiator}',
        candidateUsers: ['ana', '${reviewers}', 'ana'],
        candidateGroups: ['${teams}', 'back-office'],
      }),
      {
        customerName: 'Ben',
        initiator: 'olivia',
        reviewers: 'carl, dora',
        teams: ['credit-committee'],
      },
      times,
    );
    expect(resolved).toMatchObject({
      name: 'Review Ben',
      assignee: 'olivia',
      candidateUsers: ['ana', 'carl', 'dora'],
      candidateGroups: ['credit-committee', 'back-office'],
    });
  });

  it('given $INITIATOR as the assignee and among the candidates (an APS or Flowable modeler export), when resolved, then it is the instance’s starter', () => {
    const resolved = resolveUserTask(
      node({ assignee: '$INITIATOR', candidateUsers: ['ana', ' $INITIATOR '] }),
      {},
      { ...times, startedBy: 'olivia' },
    );
    expect(resolved).toMatchObject({ assignee: 'olivia', candidateUsers: ['ana', 'olivia'] });
    // Not a user id of its own: without a known starter, nobody.
    expect(resolveUserTask(node({ assignee: '$INITIATOR' }), {}, times).assignee).toBeNull();
  });

  it('given no name and an assignee expression with no value, when resolved, then the id names it and nobody is assigned', () => {
    expect(resolveUserTask(node({ assignee: '${nobody}' }), {}, times)).toMatchObject({
      name: 'review',
      assignee: null,
    });
  });

  it.each([
    ['P3D', {}, '2026-03-05T09:00:00.000Z'],
    ['PT4H', {}, '2026-03-02T13:00:00.000Z'],
    ['${deadline}', { deadline: '2026-04-01T12:00:00.000Z' }, '2026-04-01T12:00:00.000Z'],
    ['${deadline}', { deadline: '2026-04-01' }, '2026-04-01T00:00:00.000Z'],
    ['${deadline}', { deadline: 'P1D' }, '2026-03-03T09:00:00.000Z'],
    ['${deadline}', { deadline: Date.UTC(2026, 5, 1) }, '2026-06-01T00:00:00.000Z'],
  ])('given due date %s with %j, when resolved, then it is %s', (dueDate, variables, expected) => {
    expect(resolveUserTask(node({ dueDate }), variables, times).dueDate?.toISOString()).toBe(
      expected,
    );
  });

  it.each([
    ['taskCreated', 'P3D', {}, '2026-03-09T09:00:00.000Z'],
    ['taskCreated', '${deadline}', { deadline: 'P1D' }, '2026-03-07T09:00:00.000Z'],
    ['instanceStart', 'P3D', {}, '2026-03-05T09:00:00.000Z'],
    ['taskCreated', '${deadline}', { deadline: '2026-04-01' }, '2026-04-01T00:00:00.000Z'],
  ] as const)(
    'given a task created four days after the start and counting from %s, when %s resolves with %j, then it is due %s',
    (dueDateFrom, dueDate, variables, expected) => {
      const later = {
        instanceStartedAt: startedAt,
        taskCreatedAt: new Date('2026-03-06T09:00:00.000Z'),
      };
      expect(
        resolveUserTask(node({ dueDate, dueDateFrom }), variables, later).dueDate?.toISOString(),
      ).toBe(expected);
    },
  );

  it.each([[{}], [{ deadline: 'soon' }], [{ deadline: true }]])(
    'given an unusable due date variable %j, when resolved, then there is no due date',
    (variables) => {
      expect(
        resolveUserTask(node({ dueDate: '${deadline}' }), variables, times).dueDate,
      ).toBeNull();
    },
  );

  it('given a priority expression, when resolved, then a whole number is used and anything else falls back to 50', () => {
    expect(resolveUserTask(node({ priority: '${p}' }), { p: '80' }, times).priority).toBe(80);
    expect(resolveUserTask(node({ priority: '${p}' }), { p: 'high' }, times).priority).toBe(50);
  });

  it('given documentation with placeholders, when resolved, then the values fill it per language and its lines stay', () => {
    const resolved = resolveUserTask(
      node({ documentation: 'Call ${customerName} about ${amount}.\n\n  Missing: [${nobody}]' }),
      { customerName: 'Ana Ruiz', amount: 1234.5 },
      times,
    );
    expect(resolved.descriptions).toEqual({
      en: 'Call Ana Ruiz about 1 234.5.\n\n  Missing: []',
      es: 'Call Ana Ruiz about 1 234,5.\n\n  Missing: []',
      fr: 'Call Ana Ruiz about 1 234,5.\n\n  Missing: []',
    });
  });

  it('given no documentation, or one that fills in to nothing, when resolved, then there is no description', () => {
    expect(resolveUserTask(node({}), {}, times).descriptions).toBeNull();
    expect(
      resolveUserTask(node({ documentation: '${nobody}' }), {}, times).descriptions,
    ).toBeNull();
  });

  it('given a value far longer than the limit, when it fills the documentation, then the description is cut to the limit', () => {
    const resolved = resolveUserTask(
      node({ documentation: 'Read ${notes}' }),
      { notes: 'n'.repeat(TASK_DESCRIPTION_MAX_LENGTH * 3) },
      times,
    );
    expect(resolved.descriptions?.en).toHaveLength(TASK_DESCRIPTION_MAX_LENGTH);
    expect(resolved.descriptions?.en.endsWith('…')).toBe(true);
  });

  it('given an expression that fails on the values, when the documentation is filled, then that value is left out and the task is still made', () => {
    const resolved = resolveUserTask(
      node({ documentation: 'Ratio ${amount / 0}, notes ${notes.length()}' }),
      { amount: 5, notes: null },
      times,
    );
    expect(resolved.descriptions?.en).toBe('Ratio , notes');
  });
});
