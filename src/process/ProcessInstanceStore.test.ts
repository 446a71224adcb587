import { afterEach, describe, expect, it } from 'vitest';
import { ProcessPath } from '../../schemas/api/processesConstants';
import { TaskPath } from '../../schemas/api/tasksConstants';
import type { InstanceTask } from '../api/tasksApi';
import { NotificationPath } from '../../schemas/api/notificationsConstants';
import { RecordingNavigator } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { ToastStore } from '../stores/ToastStore';
import { InstanceTaskOffer, instanceTaskOffer, ProcessInstanceStore } from './ProcessInstanceStore';
import { StartProcessStore } from './StartProcessStore';

let server: FakeServer | undefined;

afterEach(() => {
  server?.restore();
});

/** An open, free task of `inst-1` the user may claim, with `overrides`. */
function aTask(overrides: Partial<InstanceTask> = {}): InstanceTask {
  return {
    id: 't-1',
    name: 'Capture KYC data',
    processInstanceId: 'inst-1',
    formKey: 'kyc',
    assignee: null,
    assigneeName: null,
    created: '2026-03-02T09:00:00.000Z',
    dueDate: null,
    endDate: null,
    outcome: null,
    taskStatus: 'OPEN',
    permissions: { canClaim: true, canComplete: false },
    ...overrides,
  };
}

describe('what the instance page offers for each open task', () => {
  it('given the user’s own task, a free one they may claim and one they may not, then open, claim and open, and nothing', () => {
    expect(instanceTaskOffer(aTask({ assignee: 'lmartin' }), 'lmartin')).toBe(
      InstanceTaskOffer.open,
    );
    expect(instanceTaskOffer(aTask(), 'lmartin')).toBe(InstanceTaskOffer.claimAndOpen);
    const excluded = aTask({ permissions: { canClaim: false, canComplete: false } });
    expect(instanceTaskOffer(excluded, 'lmartin')).toBe(InstanceTaskOffer.none);
    expect(instanceTaskOffer(aTask({ assignee: 'jmorales' }), 'lmartin')).toBe(
      InstanceTaskOffer.none,
    );
    expect(instanceTaskOffer(aTask({ taskStatus: 'COMPLETED' }), 'lmartin')).toBe(
      InstanceTaskOffer.none,
    );
  });
});

describe('claim and open from the instance page', () => {
  it('given a free task, when claimed, then it is the user’s and marked opened', async () => {
    server = new FakeServer();
    server.on('PUT', TaskPath.claim('t-1'), { status: 200, body: {} });
    server.on('PUT', NotificationPath.started('t-1'), { status: 200, body: {} });
    const store = new ProcessInstanceStore(new ToastStore());

    expect(await store.claim(aTask())).toBe(true);

    expect(server.calls('PUT', TaskPath.claim('t-1'))).toHaveLength(1);
    expect(server.calls('PUT', NotificationPath.started('t-1'))).toHaveLength(1);
    expect(store.claimingTaskId).toBeNull();
  });

  it('given someone quicker, when claimed, then it says so and reads the instance again', async () => {
    server = new FakeServer();
    server.on('PUT', TaskPath.claim('t-1'), {
      status: 409,
      body: { statusCode: 409, code: 'TASK_ALREADY_CLAIMED', message: 'Someone else first.' },
    });
    server.on('GET', ProcessPath.processInstance('inst-1'), {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'Gone.' },
    });
    const toasts = new ToastStore();
    const store = new ProcessInstanceStore(toasts);
    await store.load('inst-1');
    const reads = server.calls('GET', ProcessPath.processInstance('inst-1')).length;

    expect(await store.claim(aTask())).toBe(false);

    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['errors.TASK_ALREADY_CLAIMED']);
    expect(server.calls('GET', ProcessPath.processInstance('inst-1'))).toHaveLength(reads + 1);
  });
});

describe('the focus after a start from the drawer', () => {
  it('given an instance just started, when its page asks, then it takes the focus once; another instance never', async () => {
    server = new FakeServer();
    server.on('POST', ProcessPath.processInstances, {
      status: 200,
      body: { data: { id: 'new-1' } },
    });
    const navigator = new RecordingNavigator();
    const drawer = new StartProcessStore({ toasts: new ToastStore(), navigator });
    drawer.choose({
      processDefinitionId: 'def-1',
      processDefinitionName: 'Customer onboarding',
      category: 'onboarding',
      processDefinitionKey: 'customerOnboarding',
      appDefinitionKey: 'customerOnboarding',
      description: null,
      version: 1,
    });

    await drawer.confirm();

    expect(navigator.visits).toEqual(['/process/instance/new-1']);
    expect(drawer.takeFocusHandOff('other')).toBe(false);
    expect(drawer.takeFocusHandOff('new-1')).toBe(true);
    expect(drawer.takeFocusHandOff('new-1')).toBe(false);
  });
});
