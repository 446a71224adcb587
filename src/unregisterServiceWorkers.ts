/**
 * Removes any service worker a previous deployment left behind (spec 000 section 8), so a
 * stale cached build can never be served instead of the current one.
 */
export function unregisterServiceWorkers(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
    .catch(() => undefined);
}
