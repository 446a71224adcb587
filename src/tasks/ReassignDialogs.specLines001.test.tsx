import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaskPath } from '../../schemas/api/tasks';
import { UserPath } from '../../schemas/api/usersConstants';
import type { TaskRow } from '../api/tasksApi';
import { FakeServer } from '../testing/fakeServer';
import { ReassignDialogs } from './ReassignDialogs';
import { ReassignStore } from './ReassignStore';

let server: FakeServer | undefined;

afterEach(() => {
  server?.restore();
});

const anna = {
  id: 'u-anna',
  email: 'anna.lopez@northbank.example',
  firstName: 'Anna',
  lastName: 'Lopez',
  fullName: 'Anna Lopez',
};

describe('spec 001 section 8 (line 156): tasks.noUsersConfigured', () => {
  it('given a task nobody but its own assignee may receive, when the reassign dialog opens, then it says tasks.noUsersConfigured and offers nobody', async () => {
    server = new FakeServer();
    server.on('GET', TaskPath.reassignInfo('t-1'), {
      status: 200,
      body: { canBeReassigned: true, reassignableTo: 'REASSIGNABLE_USERS' },
    });
    server.on('GET', UserPath.reassignable('t-1'), {
      status: 200,
      body: { result: { content: [anna], totalElements: 1, page: 0, size: 200 } },
    });
    const reassign = new ReassignStore({ currentUserId: () => 'u-sup', onFinished: vi.fn() });
    render(<ReassignDialogs reassign={reassign} />);

    reassign.openSingle({
      taskId: 't-1',
      processInstanceId: 'pi-1',
      assignee: 'u-anna',
    } as TaskRow);

    await screen.findByText('Nobody is set up to receive this task.');
    expect(screen.queryByRole('option', { name: /Anna Lopez/ })).toBeNull();
    expect(reassign.canContinue).toBe(false);
  });
});
