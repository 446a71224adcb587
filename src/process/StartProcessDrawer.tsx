import { Button, Drawer, DrawerSize, NonIdealState, Spinner } from '@blueprintjs/core';
import { ChevronRightIcon, FlowLinearIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useWorkStores } from '../tasks/useWorkStores';
import { localizeProcessDescription, localizeProcessName } from '../i18n/localizeProcessText';
import { useIsMobile } from '../components/useIsMobile';
import { RemoteLoadingStatus } from '../stores/statuses';
import { CreateProcessStatus } from './processStatuses';
import './Process.css';

/**
 * The start-process drawer (spec 000 section 2): on the right, the processes the user may
 * start grouped by category ('Other processes' for those without), a confirmation, then the
 * new instance opens. Full width on phones.
 */
export const StartProcessDrawer = observer(function StartProcessDrawer() {
  const { processes } = useWorkStores();
  const drawer = processes.startProcess;
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const categoryLabel = (category: string) =>
    category === ''
      ? t('process.drawer.otherProcesses')
      : t(`process.category.${category}`, { defaultValue: category });

  return (
    <>
      <Drawer
        isOpen={drawer.isOpen}
        onClose={() => drawer.close()}
        position="right"
        size={mobile ? '100%' : DrawerSize.SMALL}
        title={t('process.drawer.title')}
        icon={<FlowLinearIcon />}
        className="tessera-start-drawer"
      >
        <div className="tessera-start-drawer__body" data-testid="start-process-drawer">
          <p className="tessera-start-drawer__intro">{t('process.drawer.intro')}</p>
          {drawer.status === RemoteLoadingStatus.loading && (
            <div className="tessera-start-drawer__state">
              <Spinner size={28} aria-label={t('common.loading')} />
            </div>
          )}
          {drawer.status === RemoteLoadingStatus.loadingFailed && (
            <NonIdealState
              icon={<WarningSignIcon size={32} />}
              title={t('process.failedToLoadProcesses')}
              action={
                <Button
                  variant="outlined"
                  text={t('common.retry')}
                  onClick={() => void drawer.load()}
                />
              }
            />
          )}
          {drawer.status === RemoteLoadingStatus.fullyLoaded && drawer.definitions.length === 0 && (
            <NonIdealState
              icon={<FlowLinearIcon size={32} />}
              description={t('dashboard.noProcessConfigured')}
            />
          )}
          {drawer.groups.map((group) => (
            <section key={group.category || '-'} className="tessera-start-drawer__group">
              <h3 className="tessera-start-drawer__category">{categoryLabel(group.category)}</h3>
              <ul className="tessera-start-drawer__list">
                {group.definitions.map((definition) => (
                  <li key={definition.processDefinitionId}>
                    <button
                      type="button"
                      className="tessera-process-choice"
                      data-definition={definition.processDefinitionKey}
                      onClick={() => drawer.choose(definition)}
                    >
                      <span className="tessera-process-choice__text">
                        <span className="tessera-process-choice__name">
                          {localizeProcessName(
                            i18n,
                            definition.processDefinitionKey,
                            definition.processDefinitionName,
                          )}
                        </span>
                        {definition.description && (
                          <span className="tessera-process-choice__description">
                            {localizeProcessDescription(
                              i18n,
                              definition.processDefinitionKey,
                              definition.description,
                            )}
                          </span>
                        )}
                      </span>
                      <ChevronRightIcon className="tessera-process-choice__chevron" />
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Drawer>
      <ConfirmDialog
        isOpen={drawer.chosen !== null}
        title={t('process.confirmTitle')}
        message={t('process.confirmMessage')}
        boldText={
          drawer.chosen &&
          localizeProcessName(
            i18n,
            drawer.chosen.processDefinitionKey,
            drawer.chosen.processDefinitionName,
          )
        }
        primaryText={t('process.start')}
        secondaryText={t('common.cancel')}
        busy={drawer.createStatus === CreateProcessStatus.pending}
        onConfirm={() => void drawer.confirm()}
        onCancel={() => drawer.cancelChoice()}
      />
    </>
  );
});
