import { Button, Callout, HTMLTable, Tag } from '@blueprintjs/core';
import { FlowLinearIcon, ArchiveIcon, UploadIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconButton } from '../../components/IconButton';
import { PageHeading } from '../../components/PageHeading';
import { RemoteList } from '../../components/RemoteList';
import { useMediaQuery } from '../../components/useMediaQuery';
import { formatDateTime } from '../../core/format';
import { localizeProcessName } from '../../i18n/localizeProcessText';
import { useStores } from '../../stores/useStores';
import { DeployProcessDrawer } from './DeployProcessDrawer';
import {
  processDeploymentsApi,
  type DeployedProcess,
  type DeployedVersion,
  type ProcessDeploymentsApi,
} from '../../api/processDeploymentsApi';
import { ProcessDeploymentsStore } from './ProcessDeploymentsStore';
import '../../styles/adminScreens.css';
import './processDeployments.css';

/** Props of {@link ProcessDeploymentsPage}: the calls, replaceable for a test. */
export interface ProcessDeploymentsPageProps {
  /** The deployment calls; the app's HTTP client by default. */
  api?: ProcessDeploymentsApi;
}

/**
 * Below this window width each version is a card, not a table row: six columns in French
 * or Spanish need about 640 px of page.
 */
const VERSION_TABLE_MIN_WINDOW_PX = 800;

/** The DOM id of a version's row or card, where the focus goes after it is retired. */
function versionDomId(version: DeployedVersion): string {
  return `process-version-${version.id}`;
}

/**
 * `/admin/processes` (access-admin): every process of the tenant with its versions (when
 * and by whom each was deployed, its running cases, whether it is retired), a Deploy
 * drawer that checks a BPMN file and its forms before deploying them as the next version,
 * and Retire, after a confirmation, for a version new cases must no longer start.
 */
export const ProcessDeploymentsPage = observer(function ProcessDeploymentsPage({
  api = processDeploymentsApi,
}: ProcessDeploymentsPageProps) {
  const { toasts, announcer } = useStores();
  const { t, i18n } = useTranslation();
  const [store] = useState(() => new ProcessDeploymentsStore(api, toasts, announcer));
  const cards = useMediaQuery(`(max-width: ${VERSION_TABLE_MIN_WINDOW_PX - 1}px)`);
  const phone = useMediaQuery('(max-width: 599px)');
  const deployButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void store.load();
  }, [store]);

  const status = (process: DeployedProcess, version: DeployedVersion) => {
    if (version.retired) return <Tag minimal>{t('process.deployments.status.retired')}</Tag>;
    if (version.version === process.liveVersion) {
      return (
        <Tag intent="success" minimal>
          {t('process.deployments.status.current')}
        </Tag>
      );
    }
    return (
      <Tag intent="primary" minimal>
        {t('process.deployments.status.earlier')}
      </Tag>
    );
  };

  // A demo process reads in the reader's language; a deployed one as its author named it.
  const nameOf = (process: { key: string; name: string }) =>
    localizeProcessName(i18n, process.key, process.name);

  const facts = (version: DeployedVersion) => ({
    deployedAt: formatDateTime(version.deployedAt, i18n.language),
    deployedBy: version.deployedBy ?? t('process.deployments.installed'),
    running: t('process.deployments.runningCount', { count: version.runningInstances }),
  });

  const retireButton = (version: DeployedVersion) =>
    version.retired ? null : (
      <IconButton
        variant="minimal"
        icon={<ArchiveIcon />}
        label={t('process.deployments.retire')}
        aria-label={t('process.deployments.retireNamed', {
          name: nameOf(version),
          version: version.version,
        })}
        onClick={() => store.askRetire(version)}
      />
    );

  const versionTable = (process: DeployedProcess) => (
    <div className="tessera-admin__scroll">
      <HTMLTable
        className="tessera-admin__table tessera-admin__table--fixed tessera-deployments__table"
        compact
        aria-label={t('process.deployments.versionsOf', { name: nameOf(process) })}
      >
        <colgroup>
          <col className="tessera-deployments__col-version" />
          <col className="tessera-deployments__col-status" />
          <col className="tessera-deployments__col-date" />
          <col />
          <col className="tessera-deployments__col-number" />
          <col className="tessera-deployments__col-actions" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t('process.deployments.column.version')}</th>
            <th scope="col">{t('process.deployments.column.status')}</th>
            <th scope="col">{t('process.deployments.column.deployedAt')}</th>
            <th scope="col">{t('process.deployments.column.deployedBy')}</th>
            <th scope="col" className="tessera-deployments__number">
              {t('process.deployments.column.running')}
            </th>
            <th scope="col">
              <span className="bp6-text-muted">{t('process.deployments.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {process.versions.map((version) => {
            const { deployedAt, deployedBy, running } = facts(version);
            return (
              <tr
                key={version.id}
                id={versionDomId(version)}
                tabIndex={-1}
                data-version-id={version.id}
                className={version.retired ? 'tessera-admin__inactive' : undefined}
              >
                <th scope="row">
                  {t('process.deployments.versionNumber', { version: version.version })}
                </th>
                <td>{status(process, version)}</td>
                <td>{deployedAt}</td>
                <td>{deployedBy}</td>
                <td className="tessera-deployments__number">{running}</td>
                <td>{retireButton(version)}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );

  const versionCards = (process: DeployedProcess) => (
    <ul
      // The screen's own name too: the end-to-end walks wait for the cards by it.
      className="tessera-admin__cards tessera-deployments__cards"
      aria-label={t('process.deployments.versionsOf', { name: nameOf(process) })}
    >
      {process.versions.map((version) => {
        const { deployedAt, deployedBy, running } = facts(version);
        return (
          <li
            key={version.id}
            id={versionDomId(version)}
            tabIndex={-1}
            data-version-id={version.id}
            className="tessera-admin__card"
          >
            <div className="tessera-admin__card-head">
              <h4 className="tessera-admin__card-title">
                {t('process.deployments.versionNumber', { version: version.version })}{' '}
                {status(process, version)}
              </h4>
              {retireButton(version)}
            </div>
            <dl className="tessera-admin__card-facts">
              <div>
                <dt>{t('process.deployments.column.deployedAt')}</dt>
                <dd>{deployedAt}</dd>
              </div>
              <div>
                <dt>{t('process.deployments.column.deployedBy')}</dt>
                <dd>{deployedBy}</dd>
              </div>
              <div>
                <dt>{t('process.deployments.column.running')}</dt>
                <dd>{running}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );

  const retiring = store.retiring;
  return (
    <div className="tessera-page tessera-admin tessera-deployments">
      <div className="tessera-deployments__top">
        <PageHeading>{t('process.deployments.title')}</PageHeading>
        <Button
          ref={deployButton}
          intent="primary"
          icon={<UploadIcon />}
          text={t('process.deployments.deployAction')}
          onClick={() => store.openDrawer()}
          data-testid="open-deploy"
        />
      </div>
      <p className="tessera-deployments__intro">{t('process.deployments.intro')}</p>
      <h2 className="tessera-deployments__subheading">{t('process.deployments.listHeading')}</h2>
      <RemoteList
        status={store.status}
        count={store.processes.length}
        onRetry={() => store.load()}
        failedTitle={t('process.deployments.loadFailed')}
        loadingLabel={t('process.deployments.loading')}
        empty={{ icon: <FlowLinearIcon size={40} />, title: t('process.deployments.none') }}
      >
        <div className="tessera-deployments__list" data-testid="process-deployments">
          {store.processes.map((process) => (
            <section
              key={process.key}
              className="tessera-admin__panel tessera-deployments__process"
              aria-labelledby={`process-${process.key}-name`}
              data-process-key={process.key}
            >
              <header className="tessera-deployments__process-head">
                <h3 id={`process-${process.key}-name`} className="tessera-deployments__name">
                  {nameOf(process)}
                </h3>
                <code className="tessera-deployments__key">{process.key}</code>
                {process.category && <Tag minimal>{process.category}</Tag>}
              </header>
              {process.liveVersion === null ? (
                <Callout intent="warning" icon={<WarningSignIcon />} compact>
                  {t('process.deployments.noLiveVersion')}
                </Callout>
              ) : (
                <p className="tessera-deployments__starts">
                  {t('process.deployments.startsVersion', { version: process.liveVersion })}
                </p>
              )}
              {cards ? versionCards(process) : versionTable(process)}
            </section>
          ))}
        </div>
      </RemoteList>

      <DeployProcessDrawer
        store={store}
        fullWidth={phone}
        returnFocusTo={() => deployButton.current}
      />

      <ConfirmDialog
        isOpen={retiring !== null}
        title={t('process.deployments.retireTitle')}
        message={t('process.deployments.retireQuestion')}
        boldText={
          retiring
            ? t('process.deployments.retireWhich', {
                name: nameOf(retiring),
                version: retiring.version,
              })
            : undefined
        }
        warningText={
          retiring && store.isLastLiveVersion(retiring)
            ? t('process.deployments.retireLastWarning')
            : t('process.deployments.retireWarning', {
                count: retiring?.runningInstances ?? 0,
              })
        }
        primaryText={t('process.deployments.retire')}
        secondaryText={t('common.cancel')}
        primaryIntent="danger"
        busy={store.retireBusy}
        onConfirm={() => void store.confirmRetire()}
        onCancel={() => store.cancelRetire()}
        returnFocusTo={() =>
          store.lastRetiredId === null
            ? deployButton.current
            : document.getElementById(`process-version-${store.lastRetiredId}`)
        }
      />
    </div>
  );
});
