import { Button } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { EmptyTasksIllustration } from './EmptyTasksIllustration';
import type { TaskListStore } from './TaskListStore';

/** Props of {@link TaskListEmpty}. */
export interface TaskListEmptyProps {
  /** The empty list. */
  list: TaskListStore;
}

/**
 * An empty list (spec 000 section 8): 'no tasks', or 'no filtered tasks' with a way out when
 * a filter hides what there is.
 */
export const TaskListEmpty = observer(function TaskListEmpty({ list }: TaskListEmptyProps) {
  const { t } = useTranslation();
  const filtered = list.isFiltered;
  return (
    <div className="tessera-empty" data-testid="empty-list" data-filtered={filtered}>
      <EmptyTasksIllustration filtered={filtered} className="tessera-empty__art" />
      <h3 className="tessera-empty__title">
        {filtered ? t('dashboard.empty.noFilteredTasks') : t('dashboard.empty.noTasks')}
      </h3>
      <p className="tessera-empty__text">
        {filtered ? t('dashboard.empty.noFilteredTasksText') : t(`dashboard.empty.${list.kind}`)}
      </p>
      {filtered && (
        <Button
          variant="outlined"
          text={t('dashboard.empty.clearFilters')}
          onClick={() => void list.clearAllFilters()}
        />
      )}
    </div>
  );
});
