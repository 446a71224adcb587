import { Button, Callout, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { DuplicateIcon, KeyIcon, TickIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_CLIENT_NAME_MAX } from '../../schemas/api/integrationConstants';
import { AdminDrawer, AdminDrawerPanel } from '../components/AdminDrawer';
import { SavingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import {
  SCOPES,
  type ClientFormField,
  type IntegrationClientsStore,
} from './IntegrationClientsStore';
import { scopeHelpKey, scopeLabelKey } from './scopeLabels';

/** Props of {@link NewClientDrawer}. */
export interface NewClientDrawerProps {
  /** The screen's clients, with the form and the token of the client just made. */
  readonly store: IntegrationClientsStore;
  /** Whether the drawer takes the whole width (a phone). */
  readonly fullWidth: boolean;
  /** Where the focus goes once it has closed: the button that opened it. */
  readonly returnFocusTo: () => HTMLElement | null;
}

/** Where copying the token stands. */
type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The New client drawer of `/admin/integrations`: a name and the scopes (at least one),
 * each problem on its field in the reader's language, the server's refusal too. Once the
 * client is made, the drawer shows its token, once, in a read-only field with a Copy button
 * and a warning that it will not be shown again; closing forgets it.
 */
export const NewClientDrawer = observer(function NewClientDrawer({
  store,
  fullWidth,
  returnFocusTo,
}: NewClientDrawerProps) {
  const { t } = useTranslation();
  const { announcer } = useStores();
  const nameInput = useRef<HTMLInputElement>(null);
  const firstScope = useRef<HTMLInputElement>(null);
  const tokenInput = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const saving = store.createStatus === SavingStatus.saving;
  const created = store.created;
  const values = { max: INTEGRATION_CLIENT_NAME_MAX };

  const problemId = (field: ClientFormField) => `client-${field}-problem`;
  const problem = (field: ClientFormField) => {
    const key = store.problems[field];
    return key ? <span id={problemId(field)}>{t(key, values)}</span> : undefined;
  };

  const submit = async () => {
    const made = await store.create();
    if (made) {
      setCopy('idle');
      // The token, once it is rendered: it is what the administrator came for.
      requestAnimationFrame(() => tokenInput.current?.focus());
      return;
    }
    // Focus goes to the first field with a problem, so it is read out with its message.
    if (store.problems.name) nameInput.current?.focus();
    else if (store.problems.scopes) firstScope.current?.focus();
  };

  const copyToken = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopy('copied');
      announcer.announce('integrations.announce.copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is selected instead.
      setCopy('failed');
      tokenInput.current?.focus();
      tokenInput.current?.select();
    }
  };

  const form = (
    <AdminDrawerPanel
      intro={t('integrations.drawer.intro')}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button
            variant="minimal"
            text={t('integrations.drawer.cancel')}
            onClick={() => store.closeDrawer()}
            disabled={saving}
          />
          <Button
            type="submit"
            intent="primary"
            text={t('integrations.drawer.create')}
            loading={saving}
            data-testid="create-client"
          />
        </>
      }
    >
      {store.problems.form && (
        <Callout intent="danger" role="alert" className="tessera-client-drawer__problem">
          {t(store.problems.form, values)}
        </Callout>
      )}
      <FormGroup
        label={t('integrations.drawer.name')}
        labelFor="client-name"
        intent={store.problems.name ? 'danger' : 'none'}
        helperText={problem('name') ?? t('integrations.drawer.nameHelp')}
      >
        <InputGroup
          id="client-name"
          inputRef={nameInput}
          value={store.name}
          maxLength={INTEGRATION_CLIENT_NAME_MAX}
          autoComplete="off"
          intent={store.problems.name ? 'danger' : 'none'}
          aria-invalid={store.problems.name ? true : undefined}
          aria-describedby={store.problems.name ? problemId('name') : undefined}
          onValueChange={(value) => store.setName(value)}
        />
      </FormGroup>
      <fieldset
        className={`tessera-client-drawer__scopes${store.problems.scopes ? ' has-problem' : ''}`}
      >
        <legend className="bp6-label">{t('integrations.drawer.scopes')}</legend>
        <p
          className={`tessera-client-drawer__scopes-help${store.problems.scopes ? ' is-problem' : ''}`}
        >
          {problem('scopes') ?? t('integrations.drawer.scopesHelp')}
        </p>
        {SCOPES.map((scope, index) => (
          <div key={scope} className="tessera-client-drawer__scope">
            <Checkbox
              id={`client-scope-${scope}`}
              inputRef={index === 0 ? firstScope : undefined}
              label={t(scopeLabelKey(scope))}
              checked={store.scopes.includes(scope)}
              onChange={(event) => store.toggleScope(scope, event.currentTarget.checked)}
              aria-invalid={store.problems.scopes ? true : undefined}
              aria-describedby={[
                store.problems.scopes ? problemId('scopes') : null,
                `client-scope-${scope}-help`,
              ]
                .filter(Boolean)
                .join(' ')}
            />
            <p id={`client-scope-${scope}-help`} className="tessera-client-drawer__scope-help">
              {t(scopeHelpKey(scope))}
            </p>
          </div>
        ))}
      </fieldset>
    </AdminDrawerPanel>
  );

  const tokenView = created && (
    <AdminDrawerPanel
      data-testid="client-token"
      footer={
        <Button
          intent="primary"
          text={t('integrations.drawer.done')}
          onClick={() => store.closeDrawer()}
        />
      }
    >
      <p className="tessera-client-drawer__summary">
        <TickIcon className="tessera-client-drawer__tick" />{' '}
        {t('integrations.drawer.createdSummary', { name: created.client.name })}
      </p>
      <ul className="tessera-client-drawer__granted">
        {created.client.scopes.map((scope) => (
          <li key={scope}>{t(scopeLabelKey(scope))}</li>
        ))}
      </ul>
      <Callout
        intent="warning"
        icon={<WarningSignIcon />}
        title={t('integrations.drawer.onceTitle')}
        className="tessera-client-drawer__once"
      >
        {t('integrations.drawer.once')}
      </Callout>
      <FormGroup
        label={t('integrations.drawer.token')}
        labelFor="client-token"
        helperText={
          <span id="client-token-help">
            {copy === 'failed'
              ? t('integrations.drawer.copyFailed')
              : t('integrations.drawer.tokenHelp')}
          </span>
        }
      >
        <div className="tessera-client-drawer__token-row">
          <InputGroup
            id="client-token"
            inputRef={tokenInput}
            className="tessera-client-drawer__token"
            value={created.token}
            readOnly
            spellCheck={false}
            autoComplete="off"
            aria-describedby="client-token-help"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            icon={copy === 'copied' ? <TickIcon /> : <DuplicateIcon />}
            text={
              copy === 'copied' ? t('integrations.drawer.copied') : t('integrations.drawer.copy')
            }
            onClick={() => void copyToken()}
            data-testid="copy-token"
          />
        </div>
      </FormGroup>
    </AdminDrawerPanel>
  );

  return (
    <AdminDrawer
      isOpen={store.drawerOpen}
      onClose={() => store.closeDrawer()}
      title={t('integrations.drawer.title')}
      icon={<KeyIcon />}
      className="tessera-client-drawer"
      fullWidth={fullWidth}
      busy={saving}
      closeOnOutsideClick={!created}
      onOpened={() => nameInput.current?.focus()}
      onClosed={() => setCopy('idle')}
      returnFocusTo={returnFocusTo}
    >
      {created ? tokenView : form}
    </AdminDrawer>
  );
});
