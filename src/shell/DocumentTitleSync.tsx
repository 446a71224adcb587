import { autorun } from 'mobx';
import { useEffect } from 'react';
import { PRODUCT_TITLE } from '../stores/ShellStore';
import { useStores } from '../stores/useStores';
import { drawFaviconBadge } from './drawFaviconBadge';

const PLAIN_FAVICON = '/favicon.svg';

function faviconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

function setFavicon(href: string, type: string): void {
  const link = faviconLink();
  if (!link) return;
  link.type = type;
  link.href = href;
}

/**
 * Keeps the browser tab in step with the ShellStore: '(n) Tessera Task' and a favicon with a
 * badge while something is unread, the plain title and icon otherwise (and after sign-out).
 */
export function DocumentTitleSync() {
  const { shell } = useStores();
  useEffect(() => {
    const dispose = autorun(() => {
      document.title = shell.documentTitle;
      const badge = shell.badgeText;
      const drawn = badge === null ? null : drawFaviconBadge(badge);
      if (drawn) setFavicon(drawn, 'image/png');
      else setFavicon(PLAIN_FAVICON, 'image/svg+xml');
    });
    return () => {
      dispose();
      document.title = PRODUCT_TITLE;
      setFavicon(PLAIN_FAVICON, 'image/svg+xml');
    };
  }, [shell]);
  return null;
}
