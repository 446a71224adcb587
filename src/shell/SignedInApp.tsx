import { Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ScreenErrorBoundary } from '../errors/ErrorBoundary';
import { Paths } from '../routing/paths';
import { useStores } from '../stores/useStores';
import { NotFoundPage } from './NotFoundPage';
import { Shell } from './Shell';
import { signedInRoutes, type SignedInRoute } from './signedInRoutes';

/** Props of {@link RouteGuard}. */
interface RouteGuardProps {
  /** The route to show, if the account may. */
  route: SignedInRoute;
}

/** Shows a route's screen, or sends the user to `/` when a privilege is missing. */
const RouteGuard = observer(function RouteGuard({ route }: RouteGuardProps) {
  const { session } = useStores();
  if (route.privilege && !session.hasPrivilege(route.privilege)) {
    return <Navigate to={Paths.home} replace />;
  }
  const { Screen } = route;
  return <Screen />;
});

/**
 * Everything behind sign-in, loaded as its own chunk so the sign-in page does not pay for it:
 * the shell around the registered signed-in routes. A screen that fails to render gives way
 * to the error view, inside the shell, which keeps working.
 */
export function SignedInApp() {
  const { t } = useTranslation();
  return (
    <Shell>
      <ScreenErrorBoundary>
        <Suspense
          fallback={
            // A screen's chunk on its way: announced in words, the spinner only drawn.
            <div className="tessera-content-spinner" role="status">
              <Spinner size={30} aria-hidden />
              <span className="tessera-visually-hidden">{t('common.loading')}</span>
            </div>
          }
        >
          <Routes>
            {signedInRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={<RouteGuard route={route} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </ScreenErrorBoundary>
    </Shell>
  );
}
