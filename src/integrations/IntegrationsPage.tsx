import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { BanCircleIcon, DataConnectionIcon, PlusIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeading } from '../components/PageHeading';
import { RemoteList } from '../components/RemoteList';
import { useMediaQuery } from '../components/useMediaQuery';
import { formatDate, formatDateTime, formatRelativeAge } from '../core/format';
import { useStores } from '../stores/useStores';
import { IncidentList } from './IncidentList';
import { IncidentsStore } from './IncidentsStore';
import { IntegrationClientsStore } from './IntegrationClientsStore';
import {
  integrationsApi,
  type IntegrationClient,
  type IntegrationsApi,
} from '../api/integrationsApi';
import { NewClientDrawer } from './NewClientDrawer';
import { scopeLabelKey } from './scopeLabels';
import '../styles/adminScreens.css';
import './integrations.css';

/** Props of {@link IntegrationsPage}: the calls, replaceable for a test. */
export interface IntegrationsPageProps {
  /** The integration calls; the app's HTTP client by default. */
  api?: IntegrationsApi;
}

/**
 * Below this window width each client and each incident is a card, not a table row: seven
 * columns beside the navigation need about 800 px of page in French or Spanish.
 */
export const INTEGRATION_TABLE_MIN_WINDOW_PX = 1100;

/** The DOM id of a client's row or card, where the focus goes after it is revoked. */
function clientDomId(client: IntegrationClient): string {
  return `integration-client-${client.id}`;
}

/**
 * `/admin/integrations` (access-admin): the tenant's integration clients (their scopes, who
 * made them and when, when each was last used, whether it is revoked), a New client drawer
 * that shows the token of the client it makes once, Revoke after a confirmation; and the
 * incidents, external tasks whose worker gave up, each sent back to its workers by Retry.
 */
export const IntegrationsPage = observer(function IntegrationsPage({
  api = integrationsApi,
}: IntegrationsPageProps) {
  const { toasts, announcer } = useStores();
  const { t, i18n } = useTranslation();
  const [clients] = useState(() => new IntegrationClientsStore(api, toasts, announcer));
  const [incidents] = useState(() => new IncidentsStore(api, toasts));
  const cards = useMediaQuery(`(max-width: ${INTEGRATION_TABLE_MIN_WINDOW_PX - 1}px)`);
  const phone = useMediaQuery('(max-width: 599px)');
  const newClientButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void clients.load();
    void incidents.load();
  }, [clients, incidents]);

  const facts = (client: IntegrationClient) => ({
    createdBy: client.createdByName ?? client.createdBy,
    createdAt: formatDateTime(client.createdAt, i18n.language),
    lastUsed:
      client.lastUsedAt === null ? (
        t('integrations.clients.never')
      ) : (
        <time dateTime={client.lastUsedAt} title={formatDateTime(client.lastUsedAt, i18n.language)}>
          {formatRelativeAge(client.lastUsedAt, t)}
        </time>
      ),
    scopes: (
      <ul className="tessera-integrations__scopes">
        {client.scopes.map((scope) => (
          <li key={scope}>{t(scopeLabelKey(scope))}</li>
        ))}
      </ul>
    ),
    state:
      client.revokedAt === null ? (
        <Tag intent="success" minimal>
          {t('integrations.clients.active')}
        </Tag>
      ) : (
        <Tag minimal multiline>
          {t('integrations.clients.revokedOn', {
            date: formatDate(client.revokedAt, i18n.language),
          })}
        </Tag>
      ),
  });

  const revokeButton = (client: IntegrationClient) =>
    client.revokedAt !== null ? null : (
      <Button
        variant="outlined"
        size="small"
        icon={<BanCircleIcon />}
        text={t('integrations.revoke')}
        aria-label={t('integrations.revokeNamed', { name: client.name })}
        onClick={() => clients.askRevoke(client)}
      />
    );

  const clientTable = (
    <div className="tessera-admin__scroll">
      <HTMLTable
        className="tessera-admin__table tessera-integrations__table tessera-integrations__table--clients"
        compact
        aria-labelledby="integration-clients-heading"
        data-testid="clients-table"
      >
        <thead>
          <tr>
            <th scope="col">{t('integrations.clients.column.name')}</th>
            <th scope="col">{t('integrations.clients.column.scopes')}</th>
            <th scope="col">{t('integrations.clients.column.createdBy')}</th>
            <th scope="col">{t('integrations.clients.column.createdAt')}</th>
            <th scope="col">{t('integrations.clients.column.lastUsed')}</th>
            <th scope="col">{t('integrations.clients.column.state')}</th>
            <th scope="col">
              <span className="bp6-text-muted">{t('integrations.clients.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {clients.clients.map((client) => {
            const fact = facts(client);
            return (
              <tr
                key={client.id}
                id={clientDomId(client)}
                tabIndex={-1}
                data-client-id={client.id}
                className={client.revokedAt === null ? undefined : 'tessera-admin__inactive'}
              >
                <th scope="row">{client.name}</th>
                <td>{fact.scopes}</td>
                <td>{fact.createdBy}</td>
                <td className="tessera-integrations__nowrap">{fact.createdAt}</td>
                <td>{fact.lastUsed}</td>
                <td>{fact.state}</td>
                <td className="tessera-integrations__nowrap">{revokeButton(client)}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );

  const clientCards = (
    <ul
      className="tessera-admin__cards"
      aria-labelledby="integration-clients-heading"
      data-testid="clients-cards"
    >
      {clients.clients.map((client) => {
        const fact = facts(client);
        return (
          <li
            key={client.id}
            id={clientDomId(client)}
            tabIndex={-1}
            data-client-id={client.id}
            className={`tessera-admin__card${client.revokedAt === null ? '' : ' tessera-admin__inactive'}`}
          >
            <div className="tessera-admin__card-head">
              <h3 className="tessera-admin__card-title">{client.name}</h3>
              {revokeButton(client)}
            </div>
            <div className="tessera-integrations__card-state">{fact.state}</div>
            <dl className="tessera-admin__card-facts">
              <div className="tessera-integrations__card-wide">
                <dt>{t('integrations.clients.column.scopes')}</dt>
                <dd>{fact.scopes}</dd>
              </div>
              <div>
                <dt>{t('integrations.clients.column.createdBy')}</dt>
                <dd>{fact.createdBy}</dd>
              </div>
              <div>
                <dt>{t('integrations.clients.column.createdAt')}</dt>
                <dd>{fact.createdAt}</dd>
              </div>
              <div>
                <dt>{t('integrations.clients.column.lastUsed')}</dt>
                <dd>{fact.lastUsed}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );

  const revoking = clients.revoking;
  return (
    <div className="tessera-page tessera-admin tessera-integrations">
      <PageHeading>{t('integrations.title')}</PageHeading>
      <p className="tessera-integrations__intro">{t('integrations.intro')}</p>

      <section
        className="tessera-admin__panel tessera-integrations__section"
        aria-labelledby="integration-clients-heading"
      >
        <div className="tessera-integrations__section-head">
          <h2 id="integration-clients-heading" className="tessera-integrations__subheading">
            {t('integrations.clients.heading')}
          </h2>
          <Button
            ref={newClientButton}
            intent="primary"
            icon={<PlusIcon />}
            text={t('integrations.clients.newClient')}
            onClick={() => clients.openDrawer()}
            data-testid="open-new-client"
          />
        </div>
        <RemoteList
          status={clients.status}
          count={clients.clients.length}
          onRetry={() => clients.load()}
          failedTitle={t('integrations.clients.loadFailed')}
          loadingLabel={t('integrations.clients.loading')}
          empty={{
            icon: <DataConnectionIcon size={40} />,
            title: t('integrations.clients.none'),
            description: t('integrations.clients.noneHelp'),
          }}
        >
          {cards ? clientCards : clientTable}
        </RemoteList>
      </section>

      <IncidentList store={incidents} cards={cards} />

      <NewClientDrawer
        store={clients}
        fullWidth={phone}
        returnFocusTo={() => newClientButton.current}
      />

      <ConfirmDialog
        isOpen={revoking !== null}
        title={t('integrations.revokeTitle')}
        message={t('integrations.revokeQuestion')}
        boldText={revoking?.name}
        warningText={t('integrations.revokeWarning')}
        primaryText={t('integrations.revoke')}
        secondaryText={t('common.cancel')}
        primaryIntent="danger"
        busy={clients.revokeBusy}
        onConfirm={() => void clients.confirmRevoke()}
        onCancel={() => clients.cancelRevoke()}
        returnFocusTo={() =>
          clients.lastRevokedId === null
            ? newClientButton.current
            : document.getElementById(`integration-client-${clients.lastRevokedId}`)
        }
      />
    </div>
  );
});
