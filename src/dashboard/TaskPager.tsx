import { HTMLSelect } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { TASK_PAGE_SIZES } from '../../schemas/api/tasksConstants';
import type { TaskListStore } from './TaskListStore';
import { IconButton } from '../components/IconButton';
import { usePagerFocus, type PagerStep } from '../components/usePagerFocus';

/** Props of {@link TaskPager}. */
export interface TaskPagerProps {
  /** The list paged. */
  list: TaskListStore;
}

/**
 * Server paging under a table: rows per page (5 to 200), the range shown, previous and next.
 * Focus stays on the button pressed; when that button ends disabled (the first or last page
 * reached), it moves to the other one, never to the page body.
 */
export const TaskPager = observer(function TaskPager({ list }: TaskPagerProps) {
  const { t } = useTranslation();
  const { from, to, total } = list.range;
  const loading = list.isLoading;
  const atFirst = list.page === 0;
  const atLast = list.page >= list.pageCount - 1;
  const { previousRef, nextRef, pressed } = usePagerFocus(loading);

  const step = (direction: PagerStep) => {
    if (loading) return;
    pressed(direction);
    void list.setPage(list.page + (direction === 'next' ? 1 : -1));
  };
  return (
    <nav className="tessera-pager" aria-label={t('dashboard.paging.rowsPerPage')}>
      <label className="tessera-pager__size">
        <span>{t('dashboard.paging.rowsPerPage')}</span>
        <HTMLSelect
          value={list.size}
          minimal
          // Named on its own: on phones the visible label is left out for room.
          aria-label={t('dashboard.paging.rowsPerPage')}
          data-testid="page-size"
          onChange={(event) => void list.setSize(Number(event.target.value))}
        >
          {TASK_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <span className="tessera-pager__range" data-testid="page-range">
        {t('dashboard.paging.range', { from, to, total })}
      </span>
      <IconButton
        variant="minimal"
        icon={<ChevronLeftIcon />}
        label={t('dashboard.paging.previous')}
        ref={previousRef}
        disabled={atFirst}
        aria-disabled={loading || atFirst}
        data-testid="page-previous"
        onClick={() => step('previous')}
      />
      <IconButton
        variant="minimal"
        icon={<ChevronRightIcon />}
        label={t('dashboard.paging.next')}
        ref={nextRef}
        disabled={atLast}
        aria-disabled={loading || atLast}
        data-testid="page-next"
        onClick={() => step('next')}
      />
    </nav>
  );
});
