import { describe, expect, it } from 'vitest';
import type { TaskDetail } from '../api/tasksApi';
import { ReadOnlyReason, readOnlyReason } from './readOnlyReason';

type Facts = Pick<TaskDetail, 'taskStatus' | 'assignee' | 'permissions' | 'refusals'>;

const LUCAS = {
  id: 'lmartin',
  firstName: 'Lucas',
  lastName: 'Martin',
  fullName: 'Lucas Martin',
  email: 'lucas.martin@tessera.example',
};

/** An open pool task nobody may claim, with `overrides`. */
function task(overrides: Partial<Facts> = {}): Facts {
  return {
    taskStatus: 'OPEN',
    assignee: null,
    permissions: { canClaim: false, canComplete: false, canBeReassigned: false },
    refusals: { claim: 'FORBIDDEN', complete: 'FORBIDDEN' },
    ...overrides,
  };
}

describe('why a task page is read-only', () => {
  it('given a free task the user may claim, then claiming is the way to work on it', () => {
    const free = task({
      permissions: { canClaim: true, canComplete: false, canBeReassigned: false },
      refusals: { claim: null, complete: 'FORBIDDEN' },
    });
    expect(readOnlyReason(free, 'lmartin')).toBe(ReadOnlyReason.claimable);
  });

  it('given a free task four eyes keep from the user, then it says so; one not offered to them says that', () => {
    const segregated = task({
      refusals: { claim: 'SEGREGATION_OF_DUTIES', complete: 'FORBIDDEN' },
    });
    expect(readOnlyReason(segregated, 'lmartin')).toBe(ReadOnlyReason.segregated);
    expect(readOnlyReason(task(), 'lmartin')).toBe(ReadOnlyReason.notCandidate);
  });

  it('given the user’s own task four eyes keep them from completing, then it says so; their own task otherwise needs no note', () => {
    const held = task({
      assignee: LUCAS,
      refusals: { claim: null, complete: 'SEGREGATION_OF_DUTIES' },
    });
    expect(readOnlyReason(held, 'lmartin')).toBe(ReadOnlyReason.mayNotComplete);
    const workable = task({
      assignee: LUCAS,
      permissions: { canClaim: false, canComplete: true, canBeReassigned: true },
      refusals: { claim: null, complete: null },
    });
    expect(readOnlyReason(workable, 'lmartin')).toBeNull();
  });

  it('given someone else’s task or a task no longer open, then no note', () => {
    expect(readOnlyReason(task({ assignee: LUCAS }), 'jmorales')).toBeNull();
    expect(readOnlyReason(task({ taskStatus: 'CANCELLED' }), 'lmartin')).toBeNull();
  });
});
