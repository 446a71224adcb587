import { Button, NonIdealState } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Paths } from '../routing/paths';

/** What a signed-in user sees on a path no route claims. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NonIdealState
      className="tessera-not-found"
      icon={<SearchIcon size={40} />}
      title={t('shell.notFound')}
      description={t('shell.notFoundText')}
      action={
        <Button
          intent="primary"
          text={t('shell.backToDashboard')}
          onClick={() => void navigate(Paths.home)}
        />
      }
    />
  );
}
