import { describe, expect, it } from 'vitest';
import type { TaskActor } from './taskActor';
import { permissionsOf, refusalOf, type StoredTask, type TaskFacts } from './taskPolicy';

const ME: TaskActor = { tenant: 'internal', userId: 'me', privileges: ['access-task'] };

/** An open pool task the actor may claim, with `overrides` of the task and of the facts. */
function facts(
  task: Partial<StoredTask> = {},
  more: Partial<Omit<TaskFacts, 'task'>> = {},
): TaskFacts {
  return {
    task: {
      id: 't-1',
      tenant: 'internal',
      instance_id: 'i-1',
      definition_id: 'd-1',
      execution_id: 'e-1',
      element_id: 'decide',
      name: 'Decide',
      display_names: null,
      description: null,
      display_descriptions: null,
      form_key: null,
      assignee: null,
      created_at: new Date('2026-03-02T09:00:00.000Z'),
      due_date: null,
      state: 'open',
      completed_at: null,
      completed_by: null,
      outcome: null,
      variables: {},
      initiator_can_complete: false,
      seen_by_assignee: false,
      priority: 50,
      exclude_performers_of: ['prepare'],
      exclude_initiator: false,
      exclude_any_performer: false,
      ...task,
    },
    claimGround: true,
    excluded: false,
    supervisesAssignee: false,
    hasCandidates: true,
    ...more,
  };
}

const codeOf = (action: 'claim' | 'complete' | 'reassign', given: TaskFacts) =>
  refusalOf(action, given, ME)?.code ?? null;

describe('the task policy rules', () => {
  it.each([
    ['a free task with a ground', facts(), null],
    ['one already mine', facts({ assignee: 'me' }, { excluded: true }), null],
    ['a completed task', facts({ state: 'completed' }), 'CONFLICT'],
    ['a cancelled task', facts({ state: 'cancelled' }), 'CONFLICT'],
    ['a task someone holds', facts({ assignee: 'you' }), 'TASK_ALREADY_CLAIMED'],
    ['a task without a ground', facts({}, { claimGround: false, excluded: true }), 'FORBIDDEN'],
    ['a task that excludes me', facts({}, { excluded: true }), 'SEGREGATION_OF_DUTIES'],
  ])('given %s, when claiming, then the answer is %s', (_, given, code) => {
    expect(codeOf('claim', given)).toBe(code);
  });

  it.each([
    ['my task', facts({ assignee: 'me' }), null],
    [
      'my task that now excludes me',
      facts({ assignee: 'me' }, { excluded: true }),
      'SEGREGATION_OF_DUTIES',
    ],
    ['someone else’s task', facts({ assignee: 'you' }), 'FORBIDDEN'],
    ['a completed task', facts({ assignee: 'me', state: 'completed' }), 'CONFLICT'],
  ])('given %s, when completing, then the answer is %s', (_, given, code) => {
    expect(codeOf('complete', given)).toBe(code);
  });

  it.each([
    ['my task', facts({ assignee: 'me' }), null],
    ['my subordinate’s task', facts({ assignee: 'you' }, { supervisesAssignee: true }), null],
    ['a group mate’s task', facts({ assignee: 'you' }), 'FORBIDDEN'],
    ['a pool task', facts(), 'FORBIDDEN'],
    ['a completed task', facts({ assignee: 'me', state: 'completed' }), 'FORBIDDEN'],
  ])('given %s, when reassigning, then the answer is %s', (_, given, code) => {
    expect(codeOf('reassign', given)).toBe(code);
  });

  it('given the facts of a task, when the page asks what it may offer, then it follows the same rules', () => {
    expect(permissionsOf(facts(), ME)).toEqual({
      canClaim: true,
      canComplete: false,
      canBeReassigned: false,
      reassignableTo: 'REASSIGNABLE_USERS',
    });
    // One's own task is completed, not claimed; without candidates it may go to anyone.
    expect(permissionsOf(facts({ assignee: 'me' }, { hasCandidates: false }), ME)).toEqual({
      canClaim: false,
      canComplete: true,
      canBeReassigned: true,
      reassignableTo: 'ALL_USERS',
    });
    // Four eyes: neither claimed nor completed by someone the task excludes.
    expect(permissionsOf(facts({}, { excluded: true }), ME)).toMatchObject({ canClaim: false });
    expect(permissionsOf(facts({ assignee: 'me' }, { excluded: true }), ME)).toMatchObject({
      canComplete: false,
      canBeReassigned: true,
    });
  });
});
