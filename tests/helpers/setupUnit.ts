// Set-up of the unit and components projects: English as the language with every language's
// translations loaded and, where the file runs in jsdom, a clean DOM between tests and the
// few browser APIs jsdom lacks.
import { afterEach } from 'vitest';
import { initI18n, loadLanguage } from '../../src/i18n/i18n';
import { SUPPORTED_LANGUAGES } from '../../src/i18n/languages';

initI18n('en');
await Promise.all(SUPPORTED_LANGUAGES.map((language) => loadLanguage(language)));

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy* and waitFor wait for what a busy machine may take seconds to render (the default
  // is one second); a test that waits in vain still fails, only later.
  configure({ asyncUtilTimeout: 20_000 });

  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
