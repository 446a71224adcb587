import { describe, expect, it } from 'vitest';
import { ReassignableTo } from '../../schemas/api/tasksConstants';
import type { ReassignCapability } from '../api/reassignCapabilityApi';
import { BulkSelectionProblem, checkBulkSelection } from './reassignRules';

const capability = (
  taskId: string,
  canBeReassigned = true,
  reassignableTo: ReassignableTo = ReassignableTo.allUsers,
): [string, ReassignCapability] => [taskId, { taskId, canBeReassigned, reassignableTo }];

describe('spec 000 sections 5 and 6: a bulk selection is checked before it is sent', () => {
  const own = ReassignableTo.reassignableUsers;

  it('given reassignable tasks with the general list and one with its own list, when checked, then it may be sent', () => {
    const tasks = [{ taskId: 'a' }, { taskId: 'b' }, { taskId: 'c' }];
    expect(
      checkBulkSelection(
        tasks,
        new Map([capability('a'), capability('b'), capability('c', true, own)]),
      ),
    ).toBeNull();
  });

  it('given no rows or 21 rows, when checked, then it is empty or too many', () => {
    expect(checkBulkSelection([], new Map())).toBe(BulkSelectionProblem.empty);
    const many = Array.from({ length: 21 }, (_, index) => ({ taskId: `t${index}` }));
    expect(checkBulkSelection(many, new Map(many.map((t) => capability(t.taskId))))).toBe(
      BulkSelectionProblem.tooMany,
    );
  });

  it('given a row whose canBeReassigned is false or unknown, when checked, then it is refused', () => {
    const tasks = [{ taskId: 'a' }, { taskId: 'b' }];
    expect(checkBulkSelection(tasks, new Map([capability('a'), capability('b', false)]))).toBe(
      BulkSelectionProblem.notReassignable,
    );
    expect(checkBulkSelection(tasks, new Map([capability('a')]))).toBe(
      BulkSelectionProblem.notReassignable,
    );
  });
});
