import { afterEach, describe, expect, it } from 'vitest';
import { CommentPath, type Comment } from '../../schemas/api/comments';
import type { TaskRow } from '../api/tasksApi';
import { RemoteLoadingStatus } from '../stores/statuses';
import { ToastStore } from '../stores/ToastStore';
import { FakeServer } from '../testing/fakeServer';
import { CommentsPopupStore } from './CommentsPopupStore';

let server: FakeServer | undefined;

afterEach(() => {
  server?.restore();
});

/** A comment of the instance `pi-1`, numbered `id`, saying `text`. */
function aComment(id: number, text: string): Comment {
  return {
    id,
    processInstanceId: 'pi-1',
    taskId: 't-1',
    taskName: 'Check the bureau report',
    userId: 'u-anna',
    userName: 'Anna Lopez',
    comment: text,
    createdTime: `2026-06-0${id}T09:00:00.000Z`,
    isReassigned: false,
    isRead: false,
    reassigneeName: null,
  };
}

describe('spec 001 section 7 (line 134): only the first 3 comments with text on the team popup', () => {
  it('given six comments of which two are blank, when the team popup opens, then it shows the first three that have text, in order', async () => {
    server = new FakeServer();
    server.on('GET', CommentPath.ofInstance('pi-1'), {
      status: 200,
      body: {
        result: [
          aComment(1, 'Payslips received.'),
          aComment(2, ''),
          aComment(3, '   '),
          aComment(4, 'Bureau report is clean.'),
          aComment(5, 'Ready for the supervisor.'),
          aComment(6, 'A fourth comment with text.'),
        ],
      },
    });
    const read: string[] = [];
    const popup = new CommentsPopupStore({
      toasts: new ToastStore(),
      onRead: (taskId) => void read.push(taskId),
    });

    await popup.open({ taskId: 't-1', processInstanceId: 'pi-1' } as TaskRow);

    expect(popup.status).toBe(RemoteLoadingStatus.fullyLoaded);
    expect(popup.comments.map((comment) => comment.comment)).toEqual([
      'Payslips received.',
      'Bureau report is clean.',
      'Ready for the supervisor.',
    ]);
    expect(read).toEqual(['t-1']);
  });
});
