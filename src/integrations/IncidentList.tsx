import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { RefreshIcon, TickCircleIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RemoteList } from '../components/RemoteList';
import { formatDateTime } from '../core/format';
import { RETRY_ATTEMPTS, type IncidentsStore } from './IncidentsStore';
import type { ExternalTaskItem } from '../api/integrationsApi';
import { instancePath } from '../tasks/taskPaths';

/** Props of {@link IncidentList}. */
export interface IncidentListProps {
  /** The incidents and their retries. */
  readonly store: IncidentsStore;
  /** Whether each incident is a card rather than a table row (a narrow window). */
  readonly cards: boolean;
}

/** Errors longer than this show their start, and the rest on demand. */
const ERROR_PREVIEW_CHARS = 240;

const HEADING_ID = 'integration-incidents-heading';

/** The DOM id of an incident's Retry button. */
function retryDomId(incident: ExternalTaskItem): string {
  return `incident-retry-${incident.id}`;
}

/**
 * The Incidents section of `/admin/integrations`: every external task whose worker gave up,
 * with its case (a link to the instance page), step, topic, error and since when it waits;
 * Retry sends it back to its workers and takes it off the list, the focus going to the
 * next incident's Retry, or to the section's heading once none is left.
 */
export const IncidentList = observer(function IncidentList({ store, cards }: IncidentListProps) {
  const { t, i18n } = useTranslation();
  /** The incidents whose whole error is shown. */
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  /** The element to focus once the list has been drawn without the retried incident. */
  const [focusNext, setFocusNext] = useState<string | null>(null);

  useEffect(() => {
    if (focusNext === null) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const retry = async (incident: ExternalTaskItem) => {
    if (!(await store.retry(incident))) return;
    const left = store.incidents;
    const next = left[Math.min(store.lastRetriedIndex ?? 0, left.length - 1)];
    setFocusNext(next ? retryDomId(next) : HEADING_ID);
  };

  const caseLink = (incident: ExternalTaskItem) => (
    <Link to={instancePath(incident.processInstanceId)} className="tessera-integrations__case">
      {incident.businessKey ?? t('integrations.incidents.noCase')}
    </Link>
  );

  const error = (incident: ExternalTaskItem) => {
    const message = incident.errorMessage?.trim() ?? '';
    if (message === '') {
      return <span className="bp6-text-muted">{t('integrations.incidents.noError')}</span>;
    }
    const long = message.length > ERROR_PREVIEW_CHARS;
    const open = expanded.has(incident.id);
    const shown = long && !open ? `${message.slice(0, ERROR_PREVIEW_CHARS).trimEnd()}…` : message;
    return (
      <>
        <span className="tessera-integrations__error" id={`incident-error-${incident.id}`}>
          {shown}
        </span>
        {long && (
          <Button
            variant="minimal"
            size="small"
            className="tessera-integrations__more"
            aria-expanded={open}
            aria-controls={`incident-error-${incident.id}`}
            text={open ? t('integrations.incidents.showLess') : t('integrations.incidents.showAll')}
            onClick={() => {
              const next = new Set(expanded);
              if (open) next.delete(incident.id);
              else next.add(incident.id);
              setExpanded(next);
            }}
          />
        )}
      </>
    );
  };

  const retryButton = (incident: ExternalTaskItem) => (
    <Button
      id={retryDomId(incident)}
      variant="outlined"
      size="small"
      icon={<RefreshIcon />}
      text={t('integrations.incidents.retry')}
      aria-label={
        incident.businessKey === null
          ? t('integrations.incidents.retryNamedNoCase', { topic: incident.topicName })
          : t('integrations.incidents.retryNamed', {
              topic: incident.topicName,
              case: incident.businessKey,
            })
      }
      loading={store.retrying.has(incident.id)}
      onClick={() => void retry(incident)}
      data-incident-id={incident.id}
    />
  );

  const since = (incident: ExternalTaskItem) => formatDateTime(incident.createdAt, i18n.language);

  const table = (
    <div className="tessera-admin__scroll">
      <HTMLTable
        className="tessera-admin__table tessera-admin__table--fixed tessera-integrations__table"
        compact
        aria-labelledby={HEADING_ID}
        data-testid="incidents-table"
      >
        <colgroup>
          <col className="tessera-integrations__col-case" />
          <col className="tessera-integrations__col-step" />
          <col className="tessera-integrations__col-step" />
          <col />
          <col className="tessera-integrations__col-date" />
          <col className="tessera-integrations__col-retry" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t('integrations.incidents.column.case')}</th>
            <th scope="col">{t('integrations.incidents.column.step')}</th>
            <th scope="col">{t('integrations.incidents.column.topic')}</th>
            <th scope="col">{t('integrations.incidents.column.error')}</th>
            <th scope="col">{t('integrations.incidents.column.since')}</th>
            <th scope="col">
              <span className="bp6-text-muted">{t('integrations.incidents.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {store.incidents.map((incident) => (
            <tr key={incident.id} data-incident-id={incident.id}>
              <th scope="row">{caseLink(incident)}</th>
              <td>
                <code className="tessera-integrations__code">{incident.activityId}</code>
              </td>
              <td>
                <code className="tessera-integrations__code">{incident.topicName}</code>
              </td>
              <td>{error(incident)}</td>
              <td>{since(incident)}</td>
              <td>{retryButton(incident)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );

  const cardList = (
    <ul className="tessera-admin__cards" aria-labelledby={HEADING_ID} data-testid="incidents-cards">
      {store.incidents.map((incident) => (
        <li key={incident.id} className="tessera-admin__card" data-incident-id={incident.id}>
          <div className="tessera-admin__card-head">
            <h3 className="tessera-admin__card-title">{caseLink(incident)}</h3>
            {retryButton(incident)}
          </div>
          <dl className="tessera-admin__card-facts">
            <div>
              <dt>{t('integrations.incidents.column.step')}</dt>
              <dd>
                <code className="tessera-integrations__code">{incident.activityId}</code>
              </dd>
            </div>
            <div>
              <dt>{t('integrations.incidents.column.topic')}</dt>
              <dd>
                <code className="tessera-integrations__code">{incident.topicName}</code>
              </dd>
            </div>
            <div className="tessera-integrations__card-wide">
              <dt>{t('integrations.incidents.column.error')}</dt>
              <dd>{error(incident)}</dd>
            </div>
            <div className="tessera-integrations__card-wide">
              <dt>{t('integrations.incidents.column.since')}</dt>
              <dd>{since(incident)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );

  return (
    <section
      className="tessera-admin__panel tessera-integrations__section"
      aria-labelledby={HEADING_ID}
    >
      <div className="tessera-integrations__section-head">
        <h2 id={HEADING_ID} tabIndex={-1} className="tessera-integrations__subheading">
          {t('integrations.incidents.heading')}
        </h2>
        {store.incidents.length > 0 && (
          <Tag intent="warning" minimal round>
            {t('integrations.incidents.count', { count: store.incidents.length })}
          </Tag>
        )}
      </div>
      <p className="tessera-integrations__section-intro">
        {t('integrations.incidents.intro', { count: RETRY_ATTEMPTS })}
      </p>
      <RemoteList
        status={store.status}
        count={store.incidents.length}
        onRetry={() => store.load()}
        failedTitle={t('integrations.incidents.loadFailed')}
        loadingLabel={t('integrations.incidents.loading')}
        empty={{
          icon: <TickCircleIcon size={40} />,
          title: t('integrations.incidents.none'),
          description: t('integrations.incidents.noneHelp'),
          className: 'tessera-integrations__none',
        }}
      >
        {cards ? cardList : table}
      </RemoteList>
    </section>
  );
});
