import { Card, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../components/Avatar';
import { useStores } from '../stores/useStores';
import './HomePage.css';

/**
 * The landing page at `/` until the task dashboard replaces it: a welcome card with the
 * signed-in account's name, email, groups and privileges, as the server sent them.
 */
export const HomePage = observer(function HomePage() {
  const { session } = useStores();
  const { t } = useTranslation();
  const account = session.account;
  if (!account) return null;
  const name = account.fullName || account.email;

  return (
    <div className="tessera-home">
      <Card className="tessera-welcome" elevation={0}>
        <div className="tessera-welcome__who">
          <Avatar name={account.firstName || name} size={56} />
          <div>
            <h2 className="tessera-welcome__title">
              {t('shell.welcome', { name: account.firstName || name })}
            </h2>
            <p className="tessera-welcome__identity">
              <span>{name}</span>
              <span className="tessera-welcome__sep" aria-hidden>
                ·
              </span>
              <span>{account.email}</span>
            </p>
          </div>
        </div>
        <dl className="tessera-welcome__facts">
          <div className="tessera-welcome__fact">
            <dt>{t('shell.groups')}</dt>
            <dd>
              {account.groups.length === 0 ? (
                <span className="tessera-welcome__none">{t('shell.noGroups')}</span>
              ) : (
                account.groups.map((group) => (
                  <Tag key={group} minimal round size="large">
                    {group}
                  </Tag>
                ))
              )}
            </dd>
          </div>
          <div className="tessera-welcome__fact">
            <dt>{t('shell.privileges')}</dt>
            <dd>
              {account.privileges.map((privilege) => (
                <Tag
                  key={privilege}
                  intent="primary"
                  minimal
                  round
                  size="large"
                  htmlTitle={privilege}
                >
                  {t(`shell.privilege.${privilege}`, { defaultValue: privilege })}
                </Tag>
              ))}
            </dd>
          </div>
        </dl>
      </Card>
    </div>
  );
});
