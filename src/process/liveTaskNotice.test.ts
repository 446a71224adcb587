import { describe, expect, it } from 'vitest';
import { LiveTaskChange, type LiveTaskEvent } from '../../schemas/api/liveConstants';
import { LiveTaskNotice, liveTaskNotice, strongerNotice } from './liveTaskNotice';

const ME = 'u-anna';

function anEvent(overrides: Partial<LiveTaskEvent> = {}): LiveTaskEvent {
  return {
    change: LiveTaskChange.assigneeChanged,
    taskId: 't-1',
    assignee: 'u-bruno',
    previousAssignee: ME,
    actor: 'u-sup',
    at: '2026-11-29T10:00:00.000Z',
    ...overrides,
  };
}

const heldByMe = { id: 't-1', assignee: { id: ME }, permissions: { canClaim: false } };
const inMyPool = { id: 't-1', assignee: null, permissions: { canClaim: true } };
const someoneElses = { id: 't-1', assignee: { id: 'u-carla' }, permissions: { canClaim: false } };

type TaskFacts = Parameters<typeof liveTaskNotice>[1];
const asTask = (facts: object) => facts as TaskFacts;

describe('liveTaskNotice', () => {
  it('given my task, when a supervisor gives it to a colleague, then it is taken', () => {
    expect(liveTaskNotice(anEvent(), asTask(heldByMe), ME)).toBe(LiveTaskNotice.takenByOther);
  });

  it('given a task I could claim, when a colleague claims it, then it is taken', () => {
    const event = anEvent({ previousAssignee: null, actor: 'u-bruno' });
    expect(liveTaskNotice(event, asTask(inMyPool), ME)).toBe(LiveTaskNotice.takenByOther);
  });

  it('given my task, when it goes back to the pool, then it is released', () => {
    const event = anEvent({ assignee: null });
    expect(liveTaskNotice(event, asTask(heldByMe), ME)).toBe(LiveTaskNotice.released);
  });

  it('given any task, when it is closed, then the page says so', () => {
    const event = anEvent({ change: LiveTaskChange.closed });
    expect(liveTaskNotice(event, asTask(someoneElses), ME)).toBe(LiveTaskNotice.closed);
  });

  it('given my own claim or hand-over echoed back, or another task, or a comment, then nothing changes', () => {
    expect(liveTaskNotice(anEvent({ assignee: ME }), asTask(inMyPool), ME)).toBeNull();
    expect(liveTaskNotice(anEvent({ actor: ME }), asTask(heldByMe), ME)).toBeNull();
    expect(liveTaskNotice(anEvent({ taskId: 't-2' }), asTask(heldByMe), ME)).toBeNull();
    const comment = anEvent({ change: LiveTaskChange.commented });
    expect(liveTaskNotice(comment, asTask(heldByMe), ME)).toBeNull();
  });

  it('given a page that was read-only already, when the task moves on, then nothing changes', () => {
    expect(liveTaskNotice(anEvent(), asTask(someoneElses), ME)).toBeNull();
  });
});

describe('strongerNotice', () => {
  it('keeps closed over a later taken, and takes closed over an earlier taken', () => {
    expect(strongerNotice(LiveTaskNotice.closed, LiveTaskNotice.takenByOther)).toBe('closed');
    expect(strongerNotice(LiveTaskNotice.takenByOther, LiveTaskNotice.closed)).toBe('closed');
    expect(strongerNotice(null, null)).toBeNull();
  });
});
