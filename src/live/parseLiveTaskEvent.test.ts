import { describe, expect, it } from 'vitest';
import { parseLiveTaskEvent } from './parseLiveTaskEvent';

const valid = {
  change: 'assigneeChanged',
  taskId: 't-1',
  assignee: 'u-bruno',
  previousAssignee: 'u-anna',
  actor: 'u-sup',
  at: '2026-11-29T10:00:00.000Z',
};

describe('parseLiveTaskEvent', () => {
  it('given a task event as the server writes it, then it reads it whole', () => {
    expect(parseLiveTaskEvent(JSON.stringify(valid))).toEqual(valid);
  });

  it('given the nulls of an engine change, then they stay nulls', () => {
    const closed = {
      ...valid,
      change: 'closed',
      assignee: null,
      previousAssignee: null,
      actor: null,
    };
    expect(parseLiveTaskEvent(JSON.stringify(closed))).toEqual(closed);
  });

  it.each([
    ['not JSON', '{"change":'],
    ['JSON that is not an object', '"closed"'],
    ['null', 'null'],
    ['an unknown change', JSON.stringify({ ...valid, change: 'exploded' })],
    ['no task id', JSON.stringify({ ...valid, taskId: undefined })],
    ['an empty task id', JSON.stringify({ ...valid, taskId: '' })],
    ['an assignee that is not a string', JSON.stringify({ ...valid, assignee: 42 })],
    ['no time', JSON.stringify({ ...valid, at: undefined })],
  ])('given %s, then it is ignored', (_case, data) => {
    expect(parseLiveTaskEvent(data)).toBeNull();
  });

  it('given data that is not text at all, then it is ignored', () => {
    expect(parseLiveTaskEvent({ change: 'closed' })).toBeNull();
  });
});
