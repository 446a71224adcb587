import { reaction } from 'mobx';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { unstable_HistoryRouter as HistoryRouter, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from './components/FullPageSpinner';
import { ToastOutlet } from './components/ToastOutlet';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { loadInterfaceTranslations } from './i18n/i18n';
import { LoginScreen } from './login/LoginScreen';
import { appNavigationGuard, guardedBrowserHistory } from './routing/navigationGuard';
import { NavigatorBridge } from './routing/NavigatorBridge';
import type { RouterNavigator } from './routing/RouterNavigator';
import { Paths } from './routing/paths';
import { SignedInGate } from './shell/SignedInGate';
import { SavingStatus } from './stores/statuses';
import { useStores } from './stores/useStores';

/**
 * Loads a screen's chunk together with what every screen beyond the sign-in page needs: the
 * whole interface's translations, so it renders complete.
 */
function loadScreen<Module>(load: () => Promise<Module>): Promise<Module> {
  return Promise.all([load(), loadInterfaceTranslations()]).then(([module]) => module);
}

// Only the sign-in page is in the first chunk; everything else loads when first visited.
let signedInAppLoad: Promise<{ default: ComponentType }> | null = null;
/** The signed-in app's chunk, fetched once: by the route, or ahead of it while signing in. */
function loadSignedInApp(): Promise<{ default: ComponentType }> {
  signedInAppLoad ??= loadScreen(() => import('./shell/SignedInApp')).then(
    (module) => ({ default: module.SignedInApp }),
    (error: unknown) => {
      signedInAppLoad = null;
      throw error;
    },
  );
  return signedInAppLoad;
}
const SignedInApp = lazy(loadSignedInApp);
const ChangePasswordScreen = lazy(() =>
  loadScreen(() => import('./password/ChangePasswordScreen')).then((module) => ({
    default: module.ChangePasswordScreen,
  })),
);
const ResetPasswordScreen = lazy(() =>
  loadScreen(() => import('./password/ResetPasswordScreen')).then((module) => ({
    default: module.ResetPasswordScreen,
  })),
);
const MaintenanceScreen = lazy(() =>
  loadScreen(() => import('./maintenance/MaintenanceScreen')).then((module) => ({
    default: module.MaintenanceScreen,
  })),
);

/**
 * Fetches the signed-in app and the task work's stores while the server checks a password,
 * so the first screen after sign-in does not wait for them. A failure is left to the route,
 * which fetches again.
 */
function usePreloadWhileSigningIn(): void {
  const stores = useStores();
  useEffect(
    () =>
      reaction(
        () => stores.session.loginStatus === SavingStatus.saving,
        (signingIn) => {
          if (!signingIn) return;
          loadSignedInApp().catch(() => undefined);
          stores.loadWork().catch(() => undefined);
        },
      ),
    [stores],
  );
}

/**
 * The routes of the app: four public ones, and the signed-in area (`/` and everything the
 * features register in `shell/signedInRoutes.ts`), shown only once the account is loaded.
 */
export function AppRoutes() {
  const { t } = useTranslation();
  usePreloadWhileSigningIn();
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
