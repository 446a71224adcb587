import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unstable_HistoryRouter as HistoryRouter, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from './components/FullPageSpinner';
import { ToastOutlet } from './components/ToastOutlet';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { LoginScreen } from './login/LoginScreen';
import { appNavigationGuard, guardedBrowserHistory } from './routing/navigationGuard';
import { NavigatorBridge } from './routing/NavigatorBridge';
import type { RouterNavigator } from './routing/RouterNavigator';
import { Paths } from './routing/paths';
import { SignedInGate } from './shell/SignedInGate';

// Only the sign-in page is in the first chunk; everything else loads when first visited.
const SignedInApp = lazy(() =>
  import('./shell/SignedInApp').then((module) => ({ default: module.SignedInApp })),
);
const ChangePasswordScreen = lazy(() =>
  import('./password/ChangePasswordScreen').then((module) => ({
    default: module.ChangePasswordScreen,
  })),
);
const ResetPasswordScreen = lazy(() =>
  import('./password/ResetPasswordScreen').then((module) => ({
    default: module.ResetPasswordScreen,
  })),
);
const MaintenanceScreen = lazy(() =>
  import('./maintenance/MaintenanceScreen').then((module) => ({
    default: module.MaintenanceScreen,
  })),
);

/**
 * The routes of the app: four public ones, and the signed-in area (`/` and everything the
 * features register in `shell/signedInRoutes.ts`), shown only once the account is loaded.
 */
export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<FullPageSpinner label={t('common.loading')} />}>
      <Routes>
        <Route path={Paths.login} element={<LoginScreen />} />
        <Route path={Paths.changePassword} element={<ChangePasswordScreen />} />
        <Route path={Paths.resetPassword} element={<ResetPasswordScreen />} />
        <Route path={Paths.maintenance} element={<MaintenanceScreen />} />
        <Route
          path="*"
          element={
            <SignedInGate>
              <SignedInApp />
            </SignedInGate>
          }
        />
      </Routes>
    </Suspense>
  );
}

/** Props of {@link App}. */
export interface AppProps {
  /** The navigator the stores were built with; the router lends it its navigate. */
  navigator: RouterNavigator;
}

/**
 * The application: the router on a browser history that can hold a navigation (the task
 * page's unsaved-changes guard, see routing/navigationGuard.ts), the routes and the toasts.
 */
export function App({ navigator }: AppProps) {
  const [history] = useState(() => guardedBrowserHistory(appNavigationGuard));
  return (
    <HistoryRouter history={history}>
      <NavigatorBridge navigator={navigator} />
      {/* The last line of defence: a failure outside any screen's own boundary (the shell). */}
      <ErrorBoundary fullPage>
        <AppRoutes />
      </ErrorBoundary>
      <ToastOutlet />
    </HistoryRouter>
  );
}
