// Set-up of the unit and components projects: English as the language with every language's
// translations loaded and, where the file runs in jsdom, a clean DOM between tests and the
// few browser APIs jsdom lacks.
import { afterAll, afterEach } from 'vitest';
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

  // Blueprint's popovers and tooltips start their open and close delays with
  // window.setTimeout and never clear them on unmount. One still pending after a file's last
  // test fires once jsdom's window is gone ("window is not defined") and fails the whole run.
  // Timers started through window are kept, and what is left of them after the file's last
  // test is cleared: nothing of the file runs after it.
  const pending = new Set<number>();
  const startTimer = window.setTimeout.bind(window);
  const stopTimer = window.clearTimeout.bind(window);
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    const id = startTimer(
      (...values: unknown[]) => {
        pending.delete(id);
        if (typeof handler === 'function') (handler as (...all: unknown[]) => void)(...values);
      },
      timeout,
      ...args,
    );
    pending.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) pending.delete(id);
    stopTimer(id);
  }) as typeof window.clearTimeout;
  afterAll(() => {
    for (const id of pending) stopTimer(id);
    pending.clear();
  });
}
