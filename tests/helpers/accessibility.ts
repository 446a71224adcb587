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
 * element, labelled with `screen` so a failure says where to look.
 */
export async function auditScreen(page: Page, screen: string): Promise<AccessibilityFinding[]> {
  // Only violations are read: axe then skips collecting every passing node, a quarter of its
  // time on a full page, and finds the same violations.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
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
