import { Button, Card, FormGroup, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { ArrowLeftIcon, PlayIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../components/PageHeading';
import { useWorkStores } from '../tasks/useWorkStores';
import { localizeProcessDescription, localizeProcessName } from '../i18n/localizeProcessText';
import { RemoteLoadingStatus } from '../stores/statuses';
import { APPLICATION_NAME_MAX, isApplicationType } from './NewApplicationStore';
import { CreateProcessStatus } from './processStatuses';
import './Process.css';

/**
 * The new-application screen at `/process/:type/:appDefinitionKey/new` (spec 000 section 2),
 * for a loan or a customer: the latest process of the app key, a name, and a button that
 * starts it with that name and opens the new instance.
 */
export const NewApplicationPage = observer(function NewApplicationPage() {
  const { type, appDefinitionKey = '' } = useParams();
  const { processes } = useWorkStores();
  const store = processes.newApplication;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    if (appDefinitionKey && isApplicationType(type)) void store.load(appDefinitionKey);
  }, [store, appDefinitionKey, type]);

  if (!isApplicationType(type)) return <Navigate to="/" replace />;
  const loading =
    store.status === RemoteLoadingStatus.loading || store.appDefinitionKey !== appDefinitionKey;

  return (
    <div className="tessera-page tessera-new-application">
      <Button
        variant="minimal"
        icon={<ArrowLeftIcon />}
        text={t('process.instance.back')}
        className="tessera-page__back"
        onClick={() => void navigate('/')}
      />
      <Card className="tessera-new-application__card">
        <p className="tessera-page__eyebrow">{t(`process.newApplication.${type}`)}</p>
        {loading ? (
          <Spinner size={28} aria-label={t('common.loading')} />
        ) : store.status === RemoteLoadingStatus.loadingFailed ? (
          <NonIdealState
            icon={<WarningSignIcon size={32} />}
            title={t('process.failedToLoad')}
            action={
              <Button
                variant="outlined"
                text={t('common.retry')}
                onClick={() => void store.load(appDefinitionKey)}
              />
            }
          />
        ) : !store.definition ? (
          <NonIdealState
            icon={<WarningSignIcon size={32} />}
            description={t('process.newApplication.noDefinition')}
          />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void store.start();
            }}
          >
            <PageHeading className="tessera-page__title" data-testid="definition-name">
              {localizeProcessName(i18n, store.definition.key, store.definition.name)}
            </PageHeading>
            {store.definition.description && (
              <p className="tessera-muted">
                {localizeProcessDescription(
                  i18n,
                  store.definition.key,
                  store.definition.description,
                )}
              </p>
            )}
            <p className="tessera-new-application__intro">{t('process.newApplication.intro')}</p>
            <FormGroup label={t('process.newApplication.name')} labelFor="application-name">
              <InputGroup
                id="application-name"
                size="large"
                maxLength={APPLICATION_NAME_MAX}
                placeholder={t('process.newApplication.namePlaceholder')}
                value={store.name}
                onValueChange={(value) => store.setName(value)}
                autoFocus
              />
            </FormGroup>
            <Button
              type="submit"
              intent="primary"
              size="large"
              icon={<PlayIcon />}
              text={
                type === 'loan'
                  ? t('process.newApplication.startNewLoan')
                  : t('process.newApplication.startNewCustomer')
              }
              disabled={!store.canStart}
              loading={store.startStatus === CreateProcessStatus.pending}
              data-testid="start-application"
            />
          </form>
        )}
      </Card>
    </div>
  );
});
