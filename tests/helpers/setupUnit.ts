// Set-up of the unit project (jsdom): English translations, a clean DOM between tests and
// the few browser APIs jsdom lacks.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../../src/i18n/i18n';

initI18n('en');

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
