import { describe, expect, it } from 'vitest';
import { AnnouncerStore } from './AnnouncerStore';
import { TOAST_TIMEOUT_MS, ToastStore } from './ToastStore';

describe('ToastStore', () => {
  it('keeps error toasts until dismissed and lets others close by themselves', () => {
    const toasts = new ToastStore();
    toasts.showError('common.serverErrorTryAgain');
    toasts.showSuccess('tasks.savedTask');
    expect(toasts.toasts.map((t) => t.timeout)).toEqual([0, TOAST_TIMEOUT_MS]);
  });

  it('does not stack the same message twice', () => {
    const toasts = new ToastStore();
    const first = toasts.showError('common.insufficientPriviliges');
    const second = toasts.showError('common.insufficientPriviliges');
    expect(second).toBe(first);
    expect(toasts.toasts).toHaveLength(1);
  });

  it('dismisses one toast by id', () => {
    const toasts = new ToastStore();
    const id = toasts.showError('a');
    toasts.showError('b');
    toasts.dismiss(id);
    expect(toasts.toasts.map((t) => t.key)).toEqual(['b']);
  });

  it('given a failure of an action on screen, when the same action succeeds, then the failure closes and the success shows', () => {
    const toasts = new ToastStore();
    toasts.showError('taskForm.partIncomplete', { form: 'Customer file' }, 'task.complete:7');
    toasts.showError('common.serverErrorTryAgain', {}, 'task.save:7');

    toasts.showSuccess('tasks.completedTask', {}, 'task.complete:7');

    expect(toasts.toasts.map((t) => [t.key, t.intent])).toEqual([
      ['common.serverErrorTryAgain', 'danger'],
      ['tasks.completedTask', 'success'],
    ]);
  });

  it('given a failure without an action, when any success shows, then the failure stays', () => {
    const toasts = new ToastStore();
    toasts.showError('common.serverErrorTryAgain');

    toasts.showSuccess('tasks.completedTask', {}, 'task.complete:7');

    expect(toasts.toasts.map((t) => t.key)).toEqual([
      'common.serverErrorTryAgain',
      'tasks.completedTask',
    ]);
  });

  it('given the live region, when a result and a failure show, then the result is spoken there and the failure stays an alert of its own', () => {
    const announcer = new AnnouncerStore();
    const toasts = new ToastStore(announcer);
    toasts.showSuccess('tasks.commentSaveSuccess');
    expect(announcer.current).toMatchObject({ key: 'tasks.commentSaveSuccess', values: {} });
    expect(toasts.spokenByLiveRegion('success')).toBe(true);
    toasts.showError('common.serverErrorTryAgain');
    expect(announcer.current?.key).toBe('tasks.commentSaveSuccess');
    expect(toasts.spokenByLiveRegion('danger')).toBe(false);
  });
});
