import { afterEach, describe, expect, it } from 'vitest';
import { ProcessPath } from '../../schemas/api/processes';
import { TaskPath } from '../../schemas/api/tasksConstants';
import { ProcessInstanceStore } from './ProcessInstanceStore';
import { FakeServer } from '../testing/fakeServer';
import { ToastStore } from '../stores/ToastStore';
import { TaskPageStore } from './TaskPageStore';
import { TaskViewType, taskViewType } from './taskViewType';

let server: FakeServer | undefined;

afterEach(() => {
  server?.restore();
});

describe('spec 000 section 2: the optional processInstanceId changes the task view type', () => {
  it('given no processInstanceId, when the view type is chosen, then it is the task view', () => {
    expect(taskViewType(undefined)).toBe(TaskViewType.task);
    expect(taskViewType('')).toBe(TaskViewType.task);
  });

  it('given a processInstanceId, when the view type is chosen, then it is the instance view', () => {
    expect(taskViewType('inst-1')).toBe(TaskViewType.instance);
  });
});

describe('spec 001 section 7: a process instance 404 is tolerated', () => {
  it('given the instance view of a gone instance, when it loads, then Task not found is said once and nothing else is asked about it', async () => {
    server = new FakeServer();
    server.on('GET', ProcessPath.processInstance('gone'), {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'There is no such process instance.' },
    });
    const toasts = new ToastStore();
    const store = new TaskPageStore(toasts, () => 'lmartin');

    await store.loadInstance('gone');

    expect(store.instanceMissing).toBe(true);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['process.taskNotFound']);
    expect(server.calls('GET', ProcessPath.processInstance('gone'))).toHaveLength(1);
  });

  it('given the instance view of an instance that exists, when it loads, then back may lead to it', async () => {
    server = new FakeServer();
    server.on('GET', ProcessPath.processInstance('inst-1'), {
      status: 200,
      body: { id: 'inst-1', name: 'Loan' },
    });
    const store = new TaskPageStore(new ToastStore(), () => 'lmartin');

    await store.loadInstance('inst-1');

    expect(store.instanceMissing).toBe(false);
    expect(store.instanceId).toBe('inst-1');
  });
});

describe('spec 001 section 7: the instance page tolerates a 404 without follow-up calls', () => {
  it('given a gone instance, when its page loads, then it is not found, no toast shows and its task lists are never asked for', async () => {
    server = new FakeServer();
    server.on('GET', ProcessPath.processInstance('gone'), {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'There is no such process instance.' },
    });
    const toasts = new ToastStore();
    const store = new ProcessInstanceStore(toasts);

    await store.load('gone');

    expect(store.notFound).toBe(true);
    expect(toasts.toasts).toHaveLength(0);
    expect(server.calls('POST', TaskPath.queryByInstance)).toHaveLength(0);
  });
});
