import { Button, Callout, Spinner, Tab, Tabs, Tag, TextArea } from '@blueprintjs/core';
import {
  ChevronDownIcon,
  ChevronUpIcon,
  CommentIcon,
  ExchangeIcon,
  LockIcon,
  SendMessageIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH, type Comment } from '../../api/commentsApi';
import { formatTimestamp } from '../../core/format';
import { Avatar } from '../../components/Avatar';
import { RemoteLoadingStatus, SavingStatus } from '../../stores/statuses';
import { CommentType, type CommentedTask, type TaskCommentsStore } from './TaskCommentsStore';
import './TaskComments.css';

/** Props of {@link TaskComments}. */
export interface TaskCommentsProps {
  /** The panel's state. */
  comments: TaskCommentsStore;
  /** The task whose process instance's comments are shown; loaded when its id changes. */
  task: CommentedTask;
  /** Whether the user may add comments; read-only users see the list without the editor. */
  canComment: boolean;
}

/** Props of {@link CommentItem}. */
interface CommentItemProps {
  /** The comment shown. */
  comment: Comment;
  /** The task of the page: comments on other tasks of the instance name theirs. */
  taskId: string;
  /** Whether it is still on its way to the server. */
  pending: boolean;
}

/** One comment: avatar, author, task (when another), time, reassignment and text. */
function CommentItem({ comment, taskId, pending }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const empty = comment.comment.trim() === '';
  return (
    <li
      className={`tessera-task-comment${pending ? ' is-pending' : ''}`}
      data-testid="task-comment"
      aria-busy={pending || undefined}
    >
      <Avatar name={comment.userName} size={32} />
      <div className="tessera-task-comment__body">
        <div className="tessera-task-comment__meta">
          <strong className="tessera-task-comment__author">{comment.userName}</strong>
          {comment.taskId !== taskId && (
            <span className="tessera-task-comment__task">
              {t('comments.onTask', { task: comment.taskName })}
            </span>
          )}
          <time className="tessera-task-comment__time" dateTime={comment.createdTime}>
            {pending ? t('comments.sending') : formatTimestamp(comment.createdTime, i18n.language)}
          </time>
        </div>
        {comment.isReassigned && comment.reassigneeName && (
          <Tag
            minimal
            round
            intent="primary"
            icon={<ExchangeIcon size={12} />}
            className="tessera-task-comment__tag"
          >
            {t('comments.reassignedTo', { name: comment.reassigneeName })}
          </Tag>
        )}
        {empty ? (
          <p className="tessera-task-comment__text is-empty">{t('comments.noReassignComment')}</p>
        ) : (
          <p className="tessera-task-comment__text" data-testid="task-comment-text">
            {comment.comment}
          </p>
        )}
      </div>
    </li>
  );
}

/** Props of {@link CommentEditor}. */
interface CommentEditorProps {
  /** The panel's state. */
  comments: TaskCommentsStore;
}

/** The box, its used/250 counter, Cancel and the Add button. */
const CommentEditor = observer(function CommentEditor({ comments }: CommentEditorProps) {
  const { t } = useTranslation();
  const saving = comments.savingStatus === SavingStatus.saving;
  return (
    <form
      className="tessera-task-comments__editor"
      onSubmit={(event) => {
        event.preventDefault();
        void comments.add();
      }}
    >
      <label className="tessera-task-comments__label" htmlFor="task-comment-input">
        {t('comments.label')}
      </label>
      <TextArea
        autoFocus
        id="task-comment-input"
        data-testid="task-comment-input"
        rows={5}
        fill
        value={comments.newComment}
        placeholder={t('comments.placeholder')}
        intent={comments.isTooLong ? 'danger' : 'none'}
        disabled={saving}
        aria-invalid={comments.isTooLong || undefined}
        aria-describedby="task-comment-counter"
        onChange={(event) => comments.setNewComment(event.target.value)}
      />
      <div className="tessera-task-comments__actions">
        <span
          id="task-comment-counter"
          data-testid="task-comment-counter"
          className={`tessera-task-comments__counter${comments.isTooLong ? ' is-over' : ''}`}
        >
          {t('comments.counter', { count: comments.usedLength, max: COMMENT_MAX_LENGTH })}
        </span>
        {comments.isTooLong && (
          <span className="tessera-task-comments__error" role="alert">
            {t('comments.tooLong', { max: COMMENT_MAX_LENGTH })}
          </span>
        )}
        <Button
          variant="minimal"
          text={t('comments.cancel')}
          className="tessera-task-comments__cancel"
          disabled={saving}
          onClick={() => comments.closeCommentInput()}
        />
        <Button
          type="submit"
          intent="primary"
          icon={<SendMessageIcon />}
          text={t('comments.add')}
          className="tessera-task-comments__add"
          data-testid="task-comment-add"
          disabled={!comments.canAdd}
          loading={saving}
        />
      </div>
    </form>
  );
});

/** Props of {@link CommentList}. */
interface CommentListProps {
  /** The panel's state. */
  comments: TaskCommentsStore;
  /** The task of the page. */
  taskId: string;
}

/** The list of the tab shown, with its empty, loading and failed states and the toggle. */
const CommentList = observer(function CommentList({ comments, taskId }: CommentListProps) {
  const { t } = useTranslation();
  const reassignments = comments.commentType === CommentType.reassignComments;
  if (comments.status === RemoteLoadingStatus.loading) {
    return (
      <div className="tessera-task-comments__state">
        <Spinner size={20} />
      </div>
    );
  }
  if (comments.tabComments.length === 0) {
    if (comments.status === RemoteLoadingStatus.loadingFailed) {
      return (
        <Callout intent="danger" compact className="tessera-task-comments__failed">
          {t('comments.loadError')}{' '}
          <Button
            variant="minimal"
            size="small"
            intent="danger"
            text={t('common.retry')}
            onClick={() => void comments.reload()}
          />
        </Callout>
      );
    }
    return (
      <p className="tessera-task-comments__empty" data-testid="task-comments-empty">
        {reassignments ? <ExchangeIcon /> : <CommentIcon />}
        {reassignments ? t('comments.noReassignments') : t('comments.noComments')}
      </p>
    );
  }
  return (
    <>
      <ol className="tessera-task-comments__list" data-testid="task-comments-list">
        {comments.shownComments.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            taskId={taskId}
            pending={comments.isPending(comment)}
          />
        ))}
      </ol>
      {comments.canToggleShowAll && (
        <Button
          variant="minimal"
          size="small"
          intent="primary"
          className="tessera-task-comments__toggle"
          data-testid="task-comments-toggle"
          endIcon={comments.showingAll ? <ChevronUpIcon /> : <ChevronDownIcon />}
          aria-expanded={comments.showingAll}
          text={
            comments.showingAll
              ? t('comments.showLess')
              : t('comments.showMore', { count: comments.hiddenCount })
          }
          onClick={() => comments.toggleShowAll()}
        />
      )}
    </>
  );
});

/**
 * The task page's comments section (spec 001 sections 2 to 5, "Comments panel"): tabs
 * Comments and Reassignments with their counts; for users who may comment, an add-comment
 * button opening the editor (5 rows, used/250) on the Comments tab; the list, at most 350 px high, showing the newest comment only
 * until "Show more".
 */
export const TaskComments = observer(function TaskComments({
  comments,
  task,
  canComment,
}: TaskCommentsProps) {
  const { t } = useTranslation();
  const { id, name, processInstanceId } = task;

  useEffect(() => {
    void comments.load({ id, name, processInstanceId });
  }, [comments, id, name, processInstanceId]);

  // The editor closes on Add and on Cancel, taking the focused box or button with it: the
  // focus goes back to the button that opens it, where the user started, never the body.
  const openButton = useRef<HTMLButtonElement>(null);
  const editorOpen = comments.isCommentInputOpen;
  const wasOpen = useRef(editorOpen);
  useEffect(() => {
    const closed = wasOpen.current && !editorOpen;
    wasOpen.current = editorOpen;
    const active = document.activeElement;
    if (closed && (!active || active === document.body)) openButton.current?.focus();
  }, [editorOpen]);

  const refreshing = comments.status === RemoteLoadingStatus.partiallyLoaded;
  const panel = (
    <div className="tessera-task-comments__panel">
      {comments.commentType === CommentType.taskComments &&
        (canComment ? (
          comments.isCommentInputOpen && <CommentEditor comments={comments} />
        ) : (
          <p className="tessera-task-comments__readonly" data-testid="task-comments-readonly">
            <LockIcon size={12} />
            {t('comments.readOnly')}
          </p>
        ))}
      <CommentList comments={comments} taskId={id} />
    </div>
  );
  return (
    <section
      className={`tessera-task-comments${canComment ? ' has-tools' : ''}`}
      aria-label={t('comments.title')}
      data-testid="task-comments"
    >
      {/* The spinner and the add button sit beside the tab list, not in it: a tab list may
          hold only tabs. On a desktop they are laid over the tab row's right end; on a phone,
          where the tabs fill the row, they take a row above it. */}
      <div className="tessera-task-comments__tools">
        {refreshing && <Spinner size={14} className="tessera-task-comments__refreshing" />}
        {canComment && !comments.isCommentInputOpen && (
          <Button
            variant="outlined"
            size="small"
            icon={<CommentIcon />}
            text={t('comments.open')}
            className="tessera-task-comments__open"
            ref={openButton}
            data-testid="task-comment-open"
            onClick={() => comments.openCommentInput()}
          />
        )}
      </div>
      {/* Both tabs have a panel, so each tab's aria-controls names one that exists; only
          the shown one holds the list. Tabs say they are enabled, which Blueprint's arrow
          keys need, and the tab focused is the tab shown. */}
      <Tabs
        id="task-comments-tabs"
        selectedTabId={comments.commentType}
        onChange={(tab) => comments.setCommentType(tab as CommentType)}
        className="tessera-task-comments__tabs"
      >
        {[CommentType.taskComments, CommentType.reassignComments].map((type) => (
          <Tab
            key={type}
            id={type}
            disabled={false}
            onFocus={() => {
              if (comments.commentType !== type) comments.setCommentType(type);
            }}
            title={
              type === CommentType.taskComments
                ? t('comments.tabs.comments')
                : t('comments.tabs.reassignments')
            }
            tagContent={
              type === CommentType.taskComments
                ? comments.taskComments.length
                : comments.reassignComments.length
            }
            tagProps={{ round: true }}
            panel={comments.commentType === type ? panel : <span />}
          />
        ))}
      </Tabs>
    </section>
  );
});
