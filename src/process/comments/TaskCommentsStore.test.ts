import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommentPath, COMMENT_MAX_LENGTH, type Comment } from '../../../schemas/api/comments';
import { ToastStore } from '../../stores/ToastStore';
import { RemoteLoadingStatus, SavingStatus } from '../../stores/statuses';
import { FakeServer, type FakeAnswer } from '../../testing/fakeServer';
import { CommentType, commentLength, TaskCommentsStore } from './TaskCommentsStore';

const TASK = { id: 'task-1', name: 'Check income', processInstanceId: 'pi-1' };
const LIST = CommentPath.ofInstance(TASK.processInstanceId);

function aComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 1,
    processInstanceId: TASK.processInstanceId,
    taskId: TASK.id,
    taskName: TASK.name,
    userId: 'mgarcia',
    userName: 'Maria Garcia',
    comment: 'Payslips are in the file.',
    createdTime: '2026-04-05T10:00:00.000Z',
    isReassigned: false,
    isRead: true,
    reassigneeName: null,
    ...overrides,
  };
}

const listOf = (comments: Comment[]): FakeAnswer => ({ status: 200, body: { result: comments } });

let server: FakeServer;
let toasts: ToastStore;
let store: TaskCommentsStore;

beforeEach(() => {
  server = new FakeServer();
  toasts = new ToastStore();
  store = new TaskCommentsStore({
    toasts,
    currentUser: () => ({ id: 'lmartin', fullName: 'Lucas Martin' }),
  });
});

afterEach(() => server.restore());

describe('TaskCommentsStore loading', () => {
  it('given comments and reassignments, when loaded, then each tab lists its own, newest first, showing only the first', async () => {
    server.on(
      'GET',
      LIST,
      listOf([
        aComment({ id: 3, comment: 'Newest' }),
        aComment({ id: 2, isReassigned: true, reassigneeName: 'Lucas Martin', comment: '' }),
        aComment({ id: 1, comment: 'Oldest' }),
      ]),
    );
    await store.load(TASK);

    expect(store.status).toBe(RemoteLoadingStatus.fullyLoaded);
    expect(store.commentType).toBe(CommentType.taskComments);
    expect(store.taskComments.map((c) => c.id)).toEqual([3, 1]);
    expect(store.reassignComments.map((c) => c.id)).toEqual([2]);
    expect(store.shownComments.map((c) => c.id)).toEqual([3]);
    expect(store.hiddenCount).toBe(1);

    store.toggleShowAll();
    expect(store.shownComments.map((c) => c.id)).toEqual([3, 1]);
    store.setCommentType(CommentType.reassignComments);
    expect(store.showingAll).toBe(false);
    expect(store.canToggleShowAll).toBe(false);
    expect(store.shownComments.map((c) => c.id)).toEqual([2]);
  });

  it('given only reassignments, when loaded, then the Reassignments tab shows', async () => {
    server.on('GET', LIST, listOf([aComment({ isReassigned: true, reassigneeName: 'Lucas' })]));
    await store.load(TASK);
    expect(store.commentType).toBe(CommentType.reassignComments);
  });

  it('given the server fails, when loaded, then the status says so and the comments toast shows', async () => {
    server.on('GET', LIST, { status: 500, body: { code: 'INTERNAL', message: 'boom' } });
    await store.load(TASK);
    expect(store.status).toBe(RemoteLoadingStatus.loadingFailed);
    expect(toasts.toasts.map((t) => t.key)).toEqual(['tasks.serverErrorTryAgain']);
  });
});

describe('TaskCommentsStore limit', () => {
  it('counts the trimmed text and allows 1 to 250 characters', () => {
    store.task = TASK;
    expect(store.canAdd).toBe(false);
    store.setNewComment('   ');
    expect(store.usedLength).toBe(0);
    expect(store.canAdd).toBe(false);

    store.setNewComment(`  ${'a'.repeat(COMMENT_MAX_LENGTH)}  `);
    expect(store.usedLength).toBe(250);
    expect(store.isTooLong).toBe(false);
    expect(store.canAdd).toBe(true);

    store.setNewComment('a'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(store.usedLength).toBe(251);
    expect(store.isTooLong).toBe(true);
    expect(store.canAdd).toBe(false);
  });

  it('counts characters, not UTF-16 units, as the server does', () => {
    expect(commentLength('😀'.repeat(250))).toBe(250);
  });

  it('given 251 characters, when adding, then nothing is sent', async () => {
    server.on('GET', LIST, listOf([]));
    await store.load(TASK);
    store.setNewComment('a'.repeat(251));
    await expect(store.add()).resolves.toBe(false);
    expect(server.calls('POST', CommentPath.add)).toHaveLength(0);
    expect(store.comments).toHaveLength(0);
  });
});

describe('TaskCommentsStore add', () => {
  it('given a comment, when adding, then it shows at once under the user, is posted trimmed, then the list reloads', async () => {
    const saved = aComment({ id: 9, userId: 'lmartin', userName: 'Lucas Martin', comment: 'Hi' });
    let stored: Comment[] = [aComment({ id: 1 })];
    server.on('GET', LIST, () => listOf(stored));
    await store.load(TASK);
    store.setCommentType(CommentType.reassignComments);

    server.on('POST', CommentPath.add, () => {
      stored = [saved, ...stored];
      return { status: 200, body: { result: saved } };
    });
    store.openCommentInput();
    expect(store.commentType).toBe(CommentType.taskComments);
    store.setCommentType(CommentType.reassignComments);
    store.setNewComment('  Hi  ');
    const adding = store.add();

    // Optimistic, before any answer: on top, on the Comments tab, the box emptied.
    expect(store.commentType).toBe(CommentType.taskComments);
    expect(store.newComment).toBe('');
    expect(store.isCommentInputOpen).toBe(false);
    expect(store.savingStatus).toBe(SavingStatus.saving);
    const [first] = store.shownComments;
    expect(first?.comment).toBe('Hi');
    expect(first?.userName).toBe('Lucas Martin');
    expect(first && store.isPending(first)).toBe(true);
    expect(Date.now() - Date.parse(first?.createdTime ?? '')).toBeLessThan(5000);

    await expect(adding).resolves.toBe(true);

    expect(server.calls('POST', CommentPath.add)[0]?.body).toEqual({
      taskName: TASK.name,
      taskId: TASK.id,
      processInstanceId: TASK.processInstanceId,
      comment: 'Hi',
    });
    expect(server.calls('GET', LIST)).toHaveLength(2);
    expect(store.comments.map((c) => c.id)).toEqual([9, 1]);
    expect(store.pendingIds).toEqual([]);
    expect(store.savingStatus).toBe(SavingStatus.success);
    expect(toasts.toasts.map((t) => [t.key, t.intent])).toEqual([
      ['tasks.commentSaveSuccess', 'success'],
    ]);
  });

  it('given the post fails, when adding, then the optimistic comment goes, the text comes back and an error toast shows', async () => {
    server.on('GET', LIST, listOf([aComment({ id: 1 })]));
    await store.load(TASK);
    server.on('POST', CommentPath.add, 'network-error');
    store.openCommentInput();
    store.setNewComment('Call the customer back');

    await expect(store.add()).resolves.toBe(false);
    expect(store.isCommentInputOpen).toBe(true);

    expect(store.comments.map((c) => c.id)).toEqual([1]);
    expect(store.pendingIds).toEqual([]);
    expect(store.newComment).toBe('Call the customer back');
    expect(store.savingStatus).toBe(SavingStatus.error);
    expect(server.calls('GET', LIST)).toHaveLength(1);
    expect(toasts.toasts.map((t) => [t.key, t.intent])).toEqual([
      ['common.serverErrorTryAgain', 'danger'],
    ]);
  });

  it('given the list still loading when adding, when it answers, then the optimistic comment stays on top', async () => {
    server.on('GET', LIST, listOf([aComment({ id: 1 })]));
    server.on('POST', CommentPath.add, { status: 200, body: { result: aComment({ id: 2 }) } });
    const loading = store.load(TASK);
    store.setNewComment('Hello');
    const adding = store.add();

    await loading;
    expect(store.comments.map((c) => c.comment)).toEqual(['Hello', 'Payslips are in the file.']);
    await expect(adding).resolves.toBe(true);
    expect(store.status).toBe(RemoteLoadingStatus.fullyLoaded);
    expect(store.pendingIds).toEqual([]);
  });
});
