import { Button, Card } from '@blueprintjs/core';
import {
  ArrowLeftIcon,
  CommentIcon,
  DocumentOpenIcon,
  FlowLinearIcon,
  PeopleIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TaskRow } from '../api/tasksApi';
import { formatDateTime, formatRelativeAge } from '../core/format';
import { localizeProcessNameOfName, localizeTaskNameOfProcess } from '../i18n/localizeProcessText';
import type { TaskPageLinkState } from '../tasks/taskPageLink';
import type { DashboardStore } from './DashboardStore';
import { instancePath, taskPath } from '../tasks/taskPaths';
import { DueDateContent } from './DueDateCell';
import { formatAssigneeName, formatCandidates, formatTaskName } from '../tasks/formatCells';

/** Props of {@link TeamTaskDetail}. */
export interface TeamTaskDetailProps {
  /** The dashboard. */
  dashboard: DashboardStore;
  /** The team task shown. */
  task: TaskRow;
}

/**
 * The team-task detail view that replaces the table (spec 000 section 2): the task's facts
 * and its actions, with a way back to the list.
 */
export const TeamTaskDetail = observer(function TeamTaskDetail({
  dashboard,
  task,
}: TeamTaskDetailProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The view replaces the table the focus was in: it starts at the task's name.
  useEffect(() => {
    titleRef.current?.focus();
  }, [task.taskId]);
  return (
    <Card className="tessera-detail" data-testid="team-task-detail">
      <Button
        variant="minimal"
        icon={<ArrowLeftIcon />}
        text={t('dashboard.detail.back')}
        className="tessera-detail__back"
        onClick={() => dashboard.hideDetails()}
      />
      <h2 className="tessera-detail__title" ref={titleRef} tabIndex={-1}>
        {formatTaskName(localizeTaskNameOfProcess(i18n, task.processName, task.taskName))}
      </h2>
      <dl className="tessera-detail__facts">
        <div>
          <dt>{t('dashboard.detail.process')}</dt>
          <dd>{localizeProcessNameOfName(i18n, task.processName) || '-'}</dd>
        </div>
        <div>
          <dt>{t('dashboard.detail.dueDate')}</dt>
          <dd>
            <DueDateContent dueDate={task.dueDate} isNew={task.isNew} />
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.detail.created')}</dt>
          <dd title={formatDateTime(task.createTime, i18n.language)}>
            {formatRelativeAge(task.createTime, t)}
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.detail.assignee')}</dt>
          <dd>{formatAssigneeName(task.assigneeName)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.detail.candidates')}</dt>
          <dd>{formatCandidates(task.candidates) || '--'}</dd>
        </div>
      </dl>
      <div className="tessera-detail__actions">
        <Button
          intent="primary"
          icon={<PeopleIcon />}
          text={t('dashboard.action.reassign')}
          data-testid="detail-reassign"
          disabled={!dashboard.lists.team.canReassign(task.taskId)}
          onClick={() => dashboard.startReassign(task, 'detail')}
        />
        <Button
          variant="outlined"
          icon={<CommentIcon />}
          text={t('dashboard.action.comments')}
          onClick={() => void dashboard.comments.open(task)}
        />
        <Button
          variant="outlined"
          icon={<DocumentOpenIcon />}
          text={t('dashboard.detail.openTask')}
          data-testid="detail-open-task"
          onClick={() => {
            // The supervisor may change the assignee from the task page as well.
            const state: TaskPageLinkState = { canChangeAssignee: true };
            void navigate(taskPath(task.taskId), { state });
          }}
        />
        <Button
          variant="minimal"
          icon={<FlowLinearIcon />}
          text={t('dashboard.detail.instance')}
          onClick={() => void navigate(instancePath(task.processInstanceId))}
        />
      </div>
    </Card>
  );
});
