import { Button } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { TaskListStore } from './TaskListStore';

/** Props of {@link QuickFilterBar}. */
export interface QuickFilterBarProps {
  /** The list the filters apply to. */
  list: TaskListStore;
}

/**
 * The quick filters of a list with their counts (ALL, NEW, TODAY, WEEK, OVERDUE; NEW not on
 * the candidate list). Each count says what choosing that filter would show.
 */
export const QuickFilterBar = observer(function QuickFilterBar({ list }: QuickFilterBarProps) {
  const { t } = useTranslation();
  return (
    <div
      className="tessera-quick-filters"
      role="group"
      aria-label={t('dashboard.quickFilter.label')}
    >
      {list.quickFilters.map((filter) => {
        const active = list.quickFilter === filter;
        const count = list.countOf(filter);
        return (
          <Button
            key={filter}
            size="small"
            variant={active ? 'solid' : 'outlined'}
            intent={active ? 'primary' : 'none'}
            className={`tessera-quick-filter tessera-quick-filter--${filter.toLowerCase()}${
              active ? ' is-active' : ''
            }`}
            aria-pressed={active}
            data-filter={filter}
            onClick={() => void list.setQuickFilter(filter)}
          >
            <span>{t(`dashboard.quickFilter.${filter}`)}</span>
            <span className="tessera-quick-filter__count" data-count={count}>
              {count}
            </span>
          </Button>
        );
      })}
    </div>
  );
});
