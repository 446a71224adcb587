import { useSyncExternalStore } from 'react';
import type { Language } from '../i18n/languages';

/** Below this width the layout is a phone's (spec 000 section 9). */
export const MOBILE_MAX_PX = 600;

/**
 * Below this width the layout is a tablet's, per language: French labels run longer and need
 * the desktop columns later, Spanish a little sooner (spec 000 section 9).
 */
export const TABLET_MAX_PX: Record<Language, number> = { en: 1175, fr: 1400, es: 1125 };

/** The three layouts the task tables know. */
export const Viewport = { mobile: 'mobile', tablet: 'tablet', desktop: 'desktop' } as const;
/** One of `Viewport`. */
export type Viewport = (typeof Viewport)[keyof typeof Viewport];

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const width = (): number => window.innerWidth;

/** The layout for a window width and language. */
export function viewportFor(windowWidth: number, language: Language): Viewport {
  if (windowWidth < MOBILE_MAX_PX) return Viewport.mobile;
  if (windowWidth < TABLET_MAX_PX[language]) return Viewport.tablet;
  return Viewport.desktop;
}

/** The current layout, following resizes. */
export function useViewport(language: Language): Viewport {
  const current = useSyncExternalStore(subscribe, width, () => 1280);
  return viewportFor(current, language);
}
