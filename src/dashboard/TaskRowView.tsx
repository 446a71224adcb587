import {
  ArrowRightIcon,
  CommentIcon,
  EyeOpenIcon,
  PeopleIcon,
  TakeActionIcon,
} from '@blueprintjs/icons';
import { memo } from 'react';
import { TaskListKind, type CommentStatus, type TaskRow } from '../api/tasksApi';
import { formatDateTime, formatRelativeAge, type Translate } from '../core/format';
import type { ProcessTextLocalizer } from '../i18n/localizeProcessText';
import { formatAssigneeName, formatCandidates, formatTaskName } from '../tasks/formatCells';
import type { DashboardStore } from './DashboardStore';
import { DueDateContent } from './DueDateCell';
import { RowButton } from './RowButton';
import { TableCheckbox } from './TableCheckbox';
import { TaskColumn } from './taskColumns';
import type { TaskListStore } from './TaskListStore';
import { Viewport } from './useViewport';

/** How a row's claim button stands while a claim runs. */
export type ClaimState = 'idle' | 'claiming' | 'blocked';

/** Props of {@link TaskRowView}. */
export interface TaskRowViewProps {
  /** The task shown. */
  row: TaskRow;
  /** The row's place for assistive technology: the header is 1, the page's first row 2. */
  rowIndex: number;
  /** The list the row is in: its actions differ. */
  kind: TaskListKind;
  /** The layout. */
  viewport: Viewport;
  /** The shown columns, in order. */
  columns: readonly TaskColumn[];
  /** Translates (the table's remembering translator). */
  t: Translate;
  /** Process and task names in the user's language (one per language, so rows stay memoised). */
  names: ProcessTextLocalizer;
  /** The moment the ages are counted from (one per page, so rows stay memoised). */
  now: Date;
  /** The user's language, in which the exact moment behind an age is written. */
  language: string;
  /** In the team list's selection. */
  selected: boolean;
  /** The selection limit is reached and this row is not in it. */
  selectionBlocked: boolean;
  /** Whether the task has comments, and unread ones (team list). */
  comment: CommentStatus | undefined;
  /** Where a claim stands: this row's, another row's, or none. */
  claim: ClaimState;
  /** Team list: whether the user may reassign the task (canBeReassigned, spec 000 section 6). */
  reassignable: boolean;
  /** The dashboard, for the row actions. */
  dashboard: DashboardStore;
  /** The list, for the selection. */
  list: TaskListStore;
}

/** The action buttons of a row: open, claim, or reassign / details / comments (team). */
function RowActions({
  row,
  kind,
  viewport,
  t,
  names,
  comment,
  claim,
  reassignable,
  dashboard,
}: Pick<
  TaskRowViewProps,
  'row' | 'kind' | 'viewport' | 't' | 'names' | 'comment' | 'claim' | 'reassignable' | 'dashboard'
>) {
  const mobile = viewport === Viewport.mobile;
  // Every row has the same buttons: each is named with its task, so a list of them (a screen
  // reader's, a voice command) tells one from another.
  const name = formatTaskName(names.taskName(row.processName, row.taskName));
  if (kind === TaskListKind.assigned) {
    const label = t('dashboard.action.open');
    return (
      <RowButton
        variant="outlined"
        primary
        endIcon={mobile ? undefined : <ArrowRightIcon />}
        icon={mobile ? <ArrowRightIcon /> : undefined}
        text={mobile ? undefined : label}
        aria-label={t('dashboard.action.named', { action: label, name })}
        tooltip={mobile ? label : undefined}
        data-action="open"
        data-task-id={row.taskId}
        onClick={() => void dashboard.openTask(row)}
      />
    );
  }
  if (kind === TaskListKind.candidate) {
    const label = t('dashboard.action.claim');
    return (
      <RowButton
        variant="outlined"
        primary
        icon={<TakeActionIcon />}
        text={mobile ? undefined : label}
        aria-label={t('dashboard.action.named', { action: label, name })}
        tooltip={mobile ? label : undefined}
        data-action="claim"
        data-task-id={row.taskId}
        loading={claim === 'claiming'}
        disabled={claim === 'blocked'}
        onClick={() => void dashboard.claim(row)}
      />
    );
  }
  const unread = comment?.commentAvailable === true && !comment.read;
  const commentLabel = !comment?.commentAvailable
    ? t('dashboard.action.noComments')
    : unread
      ? t('dashboard.action.unreadComments')
      : t('dashboard.action.comments');
  const reassign = t('dashboard.action.reassign');
  const details = t('dashboard.action.details');
  return (
    <span className="tessera-table__actions">
      <RowButton
        variant="minimal"
        icon={<PeopleIcon />}
        aria-label={t('dashboard.action.named', { action: reassign, name })}
        tooltip={reassign}
        data-action="reassign"
        data-task-id={row.taskId}
        // Disabled where the server says the user may not move the row (spec 000 section 6).
        disabled={!reassignable}
        onClick={() => dashboard.startReassign(row)}
      />
      <RowButton
        variant="minimal"
        icon={<EyeOpenIcon />}
        aria-label={t('dashboard.action.named', { action: details, name })}
        tooltip={details}
        data-action="details"
        data-task-id={row.taskId}
        onClick={() => dashboard.showDetails(row.taskId)}
      />
      <RowButton
        variant="minimal"
        className={`tessera-comment-button${unread ? ' is-unread' : ''}${
          comment?.commentAvailable ? ' has-comments' : ''
        }`}
        icon={<CommentIcon />}
        aria-label={t('dashboard.action.named', { action: commentLabel, name })}
        tooltip={commentLabel}
        data-action="comments"
        data-task-id={row.taskId}
        onClick={() => void dashboard.comments.open(row)}
      />
    </span>
  );
}

/**
 * One task as a table row. Memoised on plain values: a selection, a claim or a comment status
 * redraws only the rows it changes, and a new page draws each row once.
 */
export const TaskRowView = memo(function TaskRowView(props: TaskRowViewProps) {
  const {
    row,
    kind,
    rowIndex,
    viewport,
    columns,
    t,
    names,
    now,
    language,
    selected,
    selectionBlocked,
    list,
  } = props;
  const taskName = formatTaskName(names.taskName(row.processName, row.taskName));
  const cell = (column: TaskColumn) => {
    switch (column) {
      case TaskColumn.select:
        return (
          <div role="cell" key={column} className="tessera-table__cell tessera-table__cell--select">
            <TableCheckbox
              checked={selected}
              disabled={selectionBlocked}
              label={t('dashboard.selection.selectRow', { name: taskName })}
              taskId={row.taskId}
              onChange={() => list.toggleSelected(row.taskId)}
            />
          </div>
        );
      case TaskColumn.dueDate:
        return (
          <div role="cell" key={column} className="tessera-table__cell">
            <DueDateContent dueDate={row.dueDate} isNew={row.isNew} t={t} />
          </div>
        );
      case TaskColumn.createdOn:
        return (
          <div role="cell" key={column} className="tessera-table__cell tessera-table__cell--muted">
            <span title={row.createTime ? formatDateTime(row.createTime, language) : undefined}>
              {formatRelativeAge(row.createTime, t, now)}
            </span>
          </div>
        );
      case TaskColumn.taskName: {
        const name = taskName;
        const wrap = viewport === Viewport.mobile;
        return (
          <div
            role="cell"
            key={column}
            className={`tessera-table__cell tessera-table__cell--strong${
              wrap ? ' tessera-table__cell--wrap' : ''
            }`}
          >
            <span className="tessera-table__text" title={name} data-task-id={row.taskId}>
              {name}
            </span>
          </div>
        );
      }
      case TaskColumn.processName:
        return (
          <div role="cell" key={column} className="tessera-table__cell tessera-table__cell--muted">
            <span className="tessera-table__text" title={names.processName(row.processName)}>
              {names.processName(row.processName) || '-'}
            </span>
          </div>
        );
      case TaskColumn.assigneeName:
        return (
          <div role="cell" key={column} className="tessera-table__cell" data-testid="assignee-cell">
            <span className="tessera-table__text">{formatAssigneeName(row.assigneeName)}</span>
          </div>
        );
      case TaskColumn.candidates: {
        const text = formatCandidates(row.candidates);
        return (
          <div role="cell" key={column} className="tessera-table__cell tessera-table__cell--muted">
            <span className="tessera-table__text" title={text}>
              {text || '--'}
            </span>
          </div>
        );
      }
      case TaskColumn.actions:
        return (
          <div
            role="cell"
            key={column}
            className="tessera-table__cell tessera-table__cell--actions"
          >
            <RowActions {...props} />
          </div>
        );
    }
  };
  return (
    <div
      role="row"
      className={`tessera-table__row${selected ? ' is-selected' : ''}`}
      aria-rowindex={rowIndex}
      aria-selected={kind === TaskListKind.team ? selected : undefined}
      data-row-task-id={row.taskId}
    >
      {columns.map(cell)}
    </div>
  );
});
