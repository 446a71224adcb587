import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../schemas/api/comments';
import { CommentPath } from '../../schemas/api/commentsConstants';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { CommentsDialog } from './CommentsDialog';
import { aTaskRow } from './testing/aTaskRow';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

/** A comment of the instance, newest first by id; `text` may be blank (a bare reassignment). */
function aComment(id: number, text: string): Comment {
  return {
    id,
    processInstanceId: 'pi-1',
    taskId: 't-1',
    taskName: 'Application intake: Rivera',
    userId: 'mgarcia',
    userName: 'Maria Garcia',
    comment: text,
    createdTime: new Date(Date.UTC(2026, 5, 10, 9, 60 - id)).toISOString(),
    isReassigned: text.trim() === '',
    isRead: false,
    reassigneeName: text.trim() === '' ? 'Lucas Martin' : null,
  };
}

describe('spec 000 section 2 (line 67): the team comments popup shows the first 3 comments with text', () => {
  it('given six comments of which two are blank reassignments, when the popup opens on the team row, then it shows the first three that have text, in order', async () => {
    server = new FakeServer();
    server.on('GET', CommentPath.ofInstance('pi-1'), {
      status: 200,
      body: {
        result: [
          aComment(1, 'Customer called back.'),
          aComment(2, '   '),
          aComment(3, 'Payslips received.'),
          aComment(4, ''),
          aComment(5, 'Bureau check is clean.'),
          aComment(6, 'Waiting for the ID copy.'),
        ],
      },
    });
    stores = createTestStores('/').stores;
    render(
      <StoresContext.Provider value={stores}>
        <CommentsDialog comments={stores.dashboard.comments} />
      </StoresContext.Provider>,
    );

    const popup = stores.dashboard.comments;
    await act(() => popup.open(aTaskRow({ processInstanceId: 'pi-1' })));

    const list = within(await screen.findByTestId('comments-list'));
    const texts = list
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.tessera-comment__text')?.textContent);
    expect(texts).toEqual([
      'Customer called back.',
      'Payslips received.',
      'Bureau check is clean.',
    ]);
    expect(screen.queryByText('Waiting for the ID copy.')).toBeNull();
  });
});
