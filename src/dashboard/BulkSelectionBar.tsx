import { Button, Callout } from '@blueprintjs/core';
import { PeopleIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BULK_REASSIGN_LIMIT } from '../../schemas/api/tasksConstants';
import type { DashboardStore } from './DashboardStore';

/** Props of {@link BulkSelectionBar}. */
export interface BulkSelectionBarProps {
  /** The dashboard. */
  dashboard: DashboardStore;
}

/**
 * The team list's selection bar: how many rows are chosen, the bulk reassign and a way to
 * clear; the limit warning shows once 20 are chosen (spec 000 section 5).
 */
export const BulkSelectionBar = observer(function BulkSelectionBar({
  dashboard,
}: BulkSelectionBarProps) {
  const { t } = useTranslation();
  const list = dashboard.lists.team;
  const count = list.selectedIds.length;
  if (count === 0) return null;
  return (
    <div className="tessera-bulk" data-testid="bulk-bar">
      <div className="tessera-bulk__row">
        <span className="tessera-bulk__count" data-testid="selected-count">
          {t('dashboard.selection.selected', { count })}
        </span>
        <Button
          intent="primary"
          size="small"
          icon={<PeopleIcon />}
          text={t('dashboard.selection.reassign')}
          data-testid="bulk-reassign"
          onClick={() => dashboard.startBulkReassign()}
        />
        <Button
          variant="minimal"
          size="small"
          text={t('dashboard.selection.clear')}
          onClick={() => list.clearSelection()}
        />
      </div>
      {list.atSelectionLimit && (
        <Callout
          intent="warning"
          compact
          className="tessera-bulk__limit"
          data-testid="selection-limit"
        >
          {t('dashboard.maxMsg', { max: BULK_REASSIGN_LIMIT })}
        </Callout>
      )}
    </div>
  );
});
