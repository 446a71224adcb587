import { Button, Callout } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { DashboardStore } from './DashboardStore';
import { ListBanner, type TaskListStore } from './TaskListStore';

/** Props of {@link ListBanners}. */
export interface ListBannersProps {
  /** The dashboard, for the reassign success. */
  dashboard: DashboardStore;
  /** The list whose banner shows. */
  list: TaskListStore;
}

/**
 * The messages above a table: a dismissible error (the list failed to load, with a retry, or
 * a reassign failed) and 'reassigned successfully', which leaves by itself after 7 s.
 */
export const ListBanners = observer(function ListBanners({ dashboard, list }: ListBannersProps) {
  const { t } = useTranslation();
  return (
    <>
      {dashboard.reassignSuccessVisible && (
        <Callout
          intent="success"
          compact
          className="tessera-banner"
          role="status"
          data-testid="reassign-success"
        >
          <span className="tessera-banner__text">{t('dashboard.reassignSuccess')}</span>
          <Button
            variant="minimal"
            size="small"
            text={t('common.dismiss')}
            onClick={() => dashboard.hideReassignSuccess()}
          />
        </Callout>
      )}
      {list.banner && (
        <Callout
          intent="danger"
          compact
          className="tessera-banner"
          role="alert"
          data-testid="list-banner"
        >
          <span className="tessera-banner__text">
            {list.banner === ListBanner.technical
              ? t('dashboard.loadError')
              : t('dashboard.reassignError')}
          </span>
          {list.banner === ListBanner.technical && (
            <Button
              size="small"
              variant="outlined"
              text={t('common.retry')}
              onClick={() => void list.load()}
            />
          )}
          <Button
            variant="minimal"
            size="small"
            text={t('common.dismiss')}
            onClick={() => list.dismissBanner()}
          />
        </Callout>
      )}
    </>
  );
});
