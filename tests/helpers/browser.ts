import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The flags Chromium needs on a machine without a GPU, sandbox or outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, or the one named by CHROMIUM. */
export const CHROMIUM_PATH = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Flags that give Chromium a fake camera (a moving test pattern) and grant it unasked. */
export const FAKE_CAMERA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
] as const;

/**
 * Starts headless Chromium the one way every test and benchmark does; `extraArgs` adds flags
 * a test needs (FAKE_CAMERA_ARGS).
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}

/** Options of a fresh browser context, a stranger's browser every time. */
export interface ContextOptions {
  /** Width of the viewport in CSS pixels; 1280 unless a test looks at phones. */
  width?: number;
  /** Height of the viewport in CSS pixels. */
  height?: number;
  /** The browser language (`navigator.language`). */
  locale?: string;
  /**
   * Device pixels per CSS pixel (1 unless given). With a viewport of half the window's size,
   * 2 is what a browser zoomed to 200 % shows the page: see `ZOOMED_200_PERCENT`.
   */
  deviceScaleFactor?: number;
  /** The system's motion setting; `reduce` makes the app jump where it would glide. */
  reducedMotion?: 'reduce' | 'no-preference';
}

/**
 * A 1280×800 window zoomed to 200 % (WCAG 1.4.4 and 1.4.10): the page lays itself out in
 * 640×400 CSS pixels, each drawn as two device pixels, as Chromium's own zoom does.
 */
export const ZOOMED_200_PERCENT = { width: 640, height: 400, deviceScaleFactor: 2 } as const;

/** A new isolated context (own cookies and storage) with one page. */
export async function openPage(
  browser: Browser,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? 'en-GB',
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  const page = await context.newPage();
  return { context, page };
}
