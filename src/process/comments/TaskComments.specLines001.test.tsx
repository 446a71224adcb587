import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CommentPath } from '../../../schemas/api/comments';
import { ToastStore } from '../../stores/ToastStore';
import { FakeServer } from '../../testing/fakeServer';
import { TaskComments } from './TaskComments';
import { TaskCommentsStore } from './TaskCommentsStore';

const TASK = { id: 'task-1', name: 'Check income', processInstanceId: 'pi-1' };

let server: FakeServer | undefined;

afterEach(() => server?.restore());

describe('spec 001 section 9 (line 161): the comment box’s 5 rows', () => {
  it('given a task one may comment on, when the comment editor opens, then its box is 5 rows high', async () => {
    server = new FakeServer();
    server.on('GET', CommentPath.ofInstance(TASK.processInstanceId), {
      status: 200,
      body: { result: [] },
    });
    const store = new TaskCommentsStore({
      toasts: new ToastStore(),
      currentUser: () => ({ id: 'lmartin', fullName: 'Lucas Martin' }),
    });
    render(<TaskComments comments={store} task={TASK} canComment />);
    await waitFor(() =>
      expect(server?.calls('GET', CommentPath.ofInstance('pi-1'))).toHaveLength(1),
    );

    fireEvent.click(await screen.findByTestId('task-comment-open'));

    const box = (await screen.findByLabelText('Add a comment')) as HTMLTextAreaElement;
    expect(box.rows).toBe(5);
  });
});
