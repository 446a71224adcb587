import { useTranslation } from 'react-i18next';
import { NotFoundState } from '../components/NotFoundState';
import { Paths } from '../routing/paths';

/** What a signed-in user sees on a path no route claims. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <NotFoundState
      title={t('shell.notFound')}
      description={t('shell.notFoundText')}
      backText={t('shell.backToDashboard')}
      backTo={Paths.home}
    />
  );
}
