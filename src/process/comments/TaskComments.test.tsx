import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommentPath, type Comment } from '../../../schemas/api/comments';
import { ToastStore } from '../../stores/ToastStore';
import { FakeServer } from '../../testing/fakeServer';
import { TaskComments } from './TaskComments';
import { TaskCommentsStore } from './TaskCommentsStore';

const TASK = { id: 'task-1', name: 'Check income', processInstanceId: 'pi-1' };
const LIST = CommentPath.ofInstance(TASK.processInstanceId);

function aComment(overrides: Partial<Comment>): Comment {
  return {
    id: 1,
    processInstanceId: TASK.processInstanceId,
    taskId: TASK.id,
    taskName: TASK.name,
    userId: 'mgarcia',
    userName: 'Maria Garcia',
    comment: '',
    createdTime: '2026-04-05T10:00:00.000Z',
    isReassigned: false,
    isRead: true,
    reassigneeName: null,
    ...overrides,
  };
}

const STORED = [
  aComment({ id: 3, comment: 'Payslips received.' }),
  aComment({ id: 2, isReassigned: true, reassigneeName: 'Lucas Martin', comment: 'Over to you' }),
  aComment({ id: 1, comment: 'Waiting for payslips.', taskId: 'task-0', taskName: 'Intake' }),
];

let server: FakeServer;
let store: TaskCommentsStore;

beforeEach(() => {
  server = new FakeServer();
  server.on('GET', LIST, { status: 200, body: { result: STORED } });
  store = new TaskCommentsStore({
    toasts: new ToastStore(),
    currentUser: () => ({ id: 'lmartin', fullName: 'Lucas Martin' }),
  });
});

afterEach(() => server.restore());

const texts = () => screen.queryAllByTestId('task-comment-text').map((p) => p.textContent);

describe('TaskComments', () => {
  it('given comments and a reassignment, then the tabs count them and the list opens on the newest comment until Show more', async () => {
    const user = userEvent.setup();
    render(<TaskComments comments={store} task={TASK} canComment />);

    await waitFor(() => expect(texts()).toEqual(['Payslips received.']));
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Comments2', 'Reassignments1']);

    await user.click(screen.getByRole('button', { name: /Show 1 more/ }));
    expect(texts()).toEqual(['Payslips received.', 'Waiting for payslips.']);
    expect(screen.getByText('on Intake')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Show less/ }));
    expect(texts()).toEqual(['Payslips received.']);

    await user.click(screen.getByRole('tab', { name: /Reassignments/ }));
    expect(texts()).toEqual(['Over to you']);
    expect(screen.getByText('Reassigned to Lucas Martin')).toBeTruthy();
  });

  it('given a user who may comment, when typing 251 characters, then the counter turns red and Add stays disabled; 250 can be added and lead the list', async () => {
    const user = userEvent.setup();
    let stored = STORED;
    server.on('GET', LIST, () => ({ status: 200, body: { result: stored } }));
    server.on('POST', CommentPath.add, (request) => {
      const { comment } = request.body as { comment: string };
      const saved = aComment({ id: 4, userId: 'lmartin', userName: 'Lucas Martin', comment });
      stored = [saved, ...stored];
      return { status: 200, body: { result: saved } };
    });
    render(<TaskComments comments={store} task={TASK} canComment />);
    await waitFor(() => expect(texts()).toHaveLength(1));

    await user.click(screen.getByTestId('task-comment-open'));
    const box = screen.getByLabelText('Add a comment');
    const add = screen.getByTestId('task-comment-add');
    expect(add).toHaveProperty('disabled', true);
    expect(screen.getByTestId('task-comment-counter').textContent).toBe('0/250');

    await user.click(box);
    await user.paste('a'.repeat(251));
    expect(screen.getByTestId('task-comment-counter').textContent).toBe('251/250');
    expect(screen.getByRole('alert').textContent).toBe(
      'A comment can have at most 250 characters.',
    );
    expect(add).toHaveProperty('disabled', true);

    await user.type(box, '{Backspace}');
    expect(screen.getByTestId('task-comment-counter').textContent).toBe('250/250');
    expect(add).toHaveProperty('disabled', false);
    await user.click(add);

    const first = screen.getAllByTestId('task-comment')[0];
    expect(first && within(first).getByText('Lucas Martin')).toBeTruthy();
    expect(texts()[0]).toBe('a'.repeat(250));
    expect(server.calls('POST', CommentPath.add)).toHaveLength(1);
    expect(screen.queryByLabelText('Add a comment')).toBeNull();
    expect(screen.getAllByRole('tab')[0]?.textContent).toBe('Comments3');
  });

  it('given a read-only user, then the list shows without the editor', async () => {
    render(<TaskComments comments={store} task={TASK} canComment={false} />);
    await waitFor(() => expect(texts()).toEqual(['Payslips received.']));
    expect(screen.queryByTestId('task-comment-open')).toBeNull();
    expect(screen.queryByLabelText('Add a comment')).toBeNull();
    expect(screen.getByTestId('task-comments-readonly').textContent).toBe(
      'Only the assignee can add comments to this task.',
    );
  });
});
