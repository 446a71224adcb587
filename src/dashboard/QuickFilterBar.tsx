import { Button, Classes } from '@blueprintjs/core';
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
 * the candidate list). Each count says what choosing that filter would show, once the list's
 * first answer has come.
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
        const label = t(`dashboard.quickFilter.${filter}`);
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
            // Read as "All, 22", not "All22" (a hidden separator is read with stray spaces).
            aria-label={list.hasLoaded ? `${label}, ${count}` : label}
            data-filter={filter}
            onClick={() => void list.setQuickFilter(filter)}
          >
            <span>{label}</span>
            {list.hasLoaded ? (
              <span className="tessera-quick-filter__count" data-count={count}>
                {count}
              </span>
            ) : (
              // Not known before the first answer: a placeholder, never a false zero.
              <span
                className={`tessera-quick-filter__count ${Classes.SKELETON}`}
                aria-hidden
                data-testid="quick-filter-count-pending"
              >
                00
              </span>
            )}
          </Button>
        );
      })}
    </div>
  );
});
