import { describe, expect, it } from 'vitest';
import { TaskStatus, taskStatusOf } from './tasksConstants';

describe('taskStatusOf', () => {
  it('given a task a boundary event or terminate end cancelled, then its status says cancelled, never completed', () => {
    expect(taskStatusOf('open')).toBe(TaskStatus.open);
    expect(taskStatusOf('completed')).toBe(TaskStatus.completed);
    expect(taskStatusOf('cancelled')).toBe('CANCELLED');
  });
});
