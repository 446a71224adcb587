import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles/theme.css';
import './styles/overlayMotion.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reaction } from 'mobx';
import { App } from './App';
import { setRequestLanguage } from './api/httpClient';
import { startErrorReporting } from './errors/appErrorReporter';
import { watchBlueprintLabels } from './i18n/blueprintLabels';
import { followLanguage, i18n, startI18n } from './i18n/i18n';
import { RouterNavigator } from './routing/RouterNavigator';
import { Paths } from './routing/paths';
import { RootStore } from './RootStore';
import { StoresContext } from './stores/useStores';
import { unregisterServiceWorkers } from './unregisterServiceWorkers';

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked by the browser's privacy settings
  }
}

// 0. Errors from here on are reported to the server (spec 000 section 8), also before sign-in.
startErrorReporting();

// 1. No service worker may serve an old build; focus rings for keyboard users only.
unregisterServiceWorkers();
FocusStyleManager.onlyShowFocusOnTabs();

// 2. The navigator first, so the stores can move the user before and after React mounts.
const appNavigator = new RouterNavigator();

// 3. The stores, then the language they chose.
const stores = new RootStore({
  navigator: appNavigator,
  storage: localStorageOrNull(),
  browserLanguages:
    window.navigator.languages.length > 0
      ? window.navigator.languages
      : [window.navigator.language],
});
// English for the signed-out pages is in this chunk; another language is fetched (one small
// chunk) before the first render, while the session check below is already on its way.
const translationsReady = startI18n(stores.preferences.language);
followLanguage(stores.preferences);
// Calls carry the chosen language, which the server renders case and task names in.
setRequestLanguage(stores.preferences.language);
reaction(
  () => stores.preferences.language,
  (language) => setRequestLanguage(language),
);

// 4. The session check (spec 000 section 4, step 1). A reset link stands on its own: it
// works whatever the session is, so it is not redirected anywhere.
if (window.location.pathname !== Paths.resetPassword) void stores.session.start();

// 5. Coming back to the tab re-checks the session, so an expired one is noticed at once.
const revalidateSession = (): void => {
  if (document.visibilityState === 'visible') void stores.session.revalidate();
};
window.addEventListener('focus', revalidateSession);
document.addEventListener('visibilitychange', revalidateSession);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void translationsReady.then(() => {
  // Blueprint's own English (close buttons, select icons) follows the language too; overlays
  // are portalled to <body>, so the whole body is watched.
  watchBlueprintLabels(document.body, i18n);
  createRoot(container).render(
    <StrictMode>
      <StoresContext.Provider value={stores}>
        <App navigator={appNavigator} />
      </StoresContext.Provider>
    </StrictMode>,
  );
});
