import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** One serious or critical accessibility finding on one screen. */
export interface AccessibilityFinding {
  /** Which screen, in which language and width (`es 375 px: team tab`). */
  screen: string;
  /** The axe rule that failed (`color-contrast`, `aria-required-children`...). */
  rule: string;
  /** axe's impact: only `serious` and `critical` are kept. */
  impact: string;
  /** The CSS selector of the element, as axe names it. */
  target: string;
  /** What is wrong with that element, in axe's words. */
  summary: string;
}

/** The impacts a screen must be free of. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe on the page as it is now and returns its serious and critical findings, one per
 * element, labelled with `screen` so a failure says where to look. `include` (a CSS
 * selector) limits the audit to part of the page, such as an open dialog or one field, for
 * a test that looks at many states of the same page: the whole page is audited elsewhere,
 * and a full audit takes many seconds on a busy machine.
 */
export async function auditScreen(
  page: Page,
  screen: string,
  include?: string,
): Promise<AccessibilityFinding[]> {
  await settleAnimations(page);
  // Only violations are read: axe then skips collecting every passing node, a quarter of its
  // time on a full page, and finds the same violations.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        screen,
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.map((part) => JSON.stringify(part)).join(' > '),
        summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim(),
      })),
    );
}

/** The longest a screen is waited for to settle: a lazy widget's code, a dialog's fade. */
const SETTLE_LIMIT_MS = 10_000;

/**
 * Waits until the screen has settled: no skeleton is left (a lazily loaded widget's code has
 * arrived) and its transitions and finite animations have run (a dialog fading in, a
 * button's hover colour). axe reads colours as they are at that instant, and a skeleton's
 * glow or a half-faded button shows a contrast no user sees once the screen stands still.
 * Endless animations (a spinner) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async (limitMs) => {
    const deadline = Date.now() + limitMs;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    while (document.querySelector('.bp6-skeleton') && Date.now() < deadline) await pause();
    const running = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([
      Promise.all(running),
      new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
    ]);
  }, SETTLE_LIMIT_MS);
}

/** Findings as a readable list, one line each, grouped by screen: for a failure message. */
export function formatFindings(findings: readonly AccessibilityFinding[]): string {
  if (findings.length === 0) return 'no serious or critical findings';
  return findings
    .map(
      (finding) =>
        `[${finding.screen}] ${finding.rule} (${finding.impact}) at ${finding.target}: ${finding.summary}`,
    )
    .join('\n');
}
