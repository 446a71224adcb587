import { Callout, Dialog, DialogBody, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { CommentIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatRelativeAge, formatTimestamp } from '../core/format';
import { localizeTaskNameOfProcess } from '../i18n/localizeProcessText';
import { Avatar } from '../components/Avatar';
import { RemoteLoadingStatus } from '../stores/statuses';
import type { CommentsPopupStore } from './CommentsPopupStore';
import { formatTaskName } from '../tasks/formatCells';

/** Props of {@link CommentsDialog}. */
export interface CommentsDialogProps {
  /** The popup's state. */
  comments: CommentsPopupStore;
}

/**
 * The team list's comments popup (spec 000 section 2): 768 px wide, the first three comments
 * that have text, each with its author, age and, for a reassignment, who received the task.
 */
export const CommentsDialog = observer(function CommentsDialog({ comments }: CommentsDialogProps) {
  const { t, i18n } = useTranslation();
  const task = comments.task;
  return (
    <Dialog
      isOpen={comments.isOpen}
      onClose={() => comments.close()}
      title={
        task
          ? t('tasks.comments.on', {
              task: formatTaskName(
                localizeTaskNameOfProcess(i18n, task.processName, task.taskName),
              ),
            })
          : t('tasks.comments.title')
      }
      icon={<CommentIcon />}
      className="tessera-comments-dialog"
    >
      <DialogBody>
        {comments.status === RemoteLoadingStatus.loading && (
          <div className="tessera-comments__state">
            <Spinner size={24} />
          </div>
        )}
        {comments.status === RemoteLoadingStatus.loadingFailed && (
          <Callout intent="danger" compact>
            {t('tasks.comments.loadError')}
          </Callout>
        )}
        {comments.status === RemoteLoadingStatus.fullyLoaded && comments.comments.length === 0 && (
          <NonIdealState icon={<CommentIcon size={32} />} description={t('tasks.comments.none')} />
        )}
        {comments.comments.length > 0 && (
          <ol className="tessera-comments" data-testid="comments-list">
            {comments.comments.map((comment) => (
              <li key={comment.id} className="tessera-comment">
                <Avatar name={comment.userName} size={32} />
                <div className="tessera-comment__body">
                  <div className="tessera-comment__meta">
                    <strong>{comment.userName}</strong>
                    <span className="tessera-comment__task">{comment.taskName}</span>
                    <time
                      dateTime={comment.createdTime}
                      title={formatTimestamp(comment.createdTime, i18n.language)}
                    >
                      {formatRelativeAge(comment.createdTime, t)}
                    </time>
                  </div>
                  {comment.isReassigned && comment.reassigneeName && (
                    <Tag minimal intent="primary" className="tessera-comment__tag">
                      {t('tasks.comments.reassignedTo', { name: comment.reassigneeName })}
                    </Tag>
                  )}
                  <p className="tessera-comment__text">{comment.comment}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </DialogBody>
    </Dialog>
  );
});
