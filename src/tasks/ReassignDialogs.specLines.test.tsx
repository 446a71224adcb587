import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ReassignableTo, TaskPath } from '../../schemas/api/tasksConstants';
import type { UserSummary } from '../../schemas/api/users';
import { UserPath } from '../../schemas/api/usersConstants';
import { aTaskRow } from '../dashboard/testing/aTaskRow';
import { FakeServer } from '../testing/fakeServer';
import { ReassignDialogs } from './ReassignDialogs';
import { ReassignStore } from './ReassignStore';

let server: FakeServer | undefined;

afterEach(() => server?.restore());

const task = aTaskRow({ taskId: 't-7', assignee: 'lmartin' });

const amara: UserSummary = {
  id: 'aokafor',
  email: 'amara.okafor@tessera.example',
  firstName: 'Amara',
  lastName: 'Okafor',
  fullName: 'Amara Okafor',
};

/** Opens the assignee dialog for one team task whose people list is `people`. */
async function openAssigneeDialog(
  people: UserSummary[],
  info: { canBeReassigned: boolean; reassignableTo: ReassignableTo } = {
    canBeReassigned: true,
    reassignableTo: ReassignableTo.reassignableUsers,
  },
) {
  server = new FakeServer();
  server.on('GET', TaskPath.reassignInfo(task.taskId), { status: 200, body: info });
  server.on('GET', UserPath.reassignable(task.taskId), {
    status: 200,
    body: { result: { content: people, totalElements: people.length, page: 0, size: 200 } },
  });
  const reassign = new ReassignStore({
    currentUserId: () => 'msupervisor',
    onFinished: () => undefined,
  });
  reassign.openSingle(task);
  render(<ReassignDialogs reassign={reassign} />);
  const dialog = within(await screen.findByRole('dialog'));
  await waitFor(() => expect(dialog.queryByText('Loading people…')).toBeNull());
  return { dialog, continueButton: dialog.getByRole('button', { name: 'Continue' }) };
}

describe('spec 000 sections 5 and 8 (lines 214 and 299): the reassign confirm is disabled until an assignee is chosen, or when no users are configured', () => {
  it('given the assignee dialog with one person offered, when nobody is chosen yet, then Continue is disabled, and choosing the person enables it', async () => {
    const { dialog, continueButton } = await openAssigneeDialog([amara]);
    await dialog.findByText('Amara Okafor');
    expect(continueButton.hasAttribute('disabled')).toBe(true);

    await userEvent.setup().click(dialog.getByText('Amara Okafor'));
    await waitFor(() => expect(continueButton.hasAttribute('disabled')).toBe(false));
  });

  it('given nobody the task may go to but its own assignee, when the dialog shows, then it says tasks.noUsersConfigured and Continue stays disabled', async () => {
    const own: UserSummary = { ...amara, id: task.assignee ?? 'lmartin', fullName: 'Lucas Martin' };
    const { dialog, continueButton } = await openAssigneeDialog([own]);
    await dialog.findByText('Nobody is set up to receive this task.');
    expect(continueButton.hasAttribute('disabled')).toBe(true);
  });
});

describe('spec 000 section 5 (line 215): reassign only where the reassignable setting permits it, for both setting types', () => {
  it.each([ReassignableTo.allUsers, ReassignableTo.reassignableUsers])(
    'given a task whose setting is %s and permits reassigning, when the dialog opens, then the people it may go to are offered',
    async (reassignableTo) => {
      const { dialog } = await openAssigneeDialog([amara], {
        canBeReassigned: true,
        reassignableTo,
      });
      expect(await dialog.findByText('Amara Okafor')).toBeTruthy();
    },
  );

  it.each([ReassignableTo.allUsers, ReassignableTo.reassignableUsers])(
    'given a task whose setting is %s and does not permit reassigning, when the dialog opens, then it says so, offers nobody and Continue stays disabled',
    async (reassignableTo) => {
      const { dialog, continueButton } = await openAssigneeDialog([amara], {
        canBeReassigned: false,
        reassignableTo,
      });
      expect(dialog.getByTestId('reassign-not-allowed')).toBeTruthy();
      expect(dialog.queryByText('Amara Okafor')).toBeNull();
      expect(server?.calls('GET', UserPath.reassignable(task.taskId))).toHaveLength(0);
      expect(continueButton.hasAttribute('disabled')).toBe(true);
    },
  );
});
