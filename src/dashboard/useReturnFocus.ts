import { Classes } from '@blueprintjs/core';
import { useEffect, type RefObject } from 'react';
import { FocusAction, type DashboardStore, type FocusTarget } from './DashboardStore';

/** How many frames to wait for a closing dialog to leave and the trigger to be drawn. */
const MAX_FRAMES = 240;

/** The element a focus target names, if it is on screen. */
function findTarget(target: FocusTarget): HTMLElement | null {
  const task = target.taskId === null ? '' : `[data-task-id="${CSS.escape(target.taskId)}"]`;
  switch (target.action) {
    case FocusAction.reassign:
    case FocusAction.details:
      return document.querySelector<HTMLElement>(`button[data-action="${target.action}"]${task}`);
    case FocusAction.detailReassign:
      return document.querySelector<HTMLElement>('[data-testid="detail-reassign"]');
    case FocusAction.bulk:
      return document.querySelector<HTMLElement>('[data-testid="bulk-reassign"]');
  }
}

/**
 * Moves the keyboard focus back to the trigger a dialog or the detail view came from, once
 * the dialog has left (Blueprint hands the focus back to whatever was focused when a dialog
 * opened, which for the second of two dialogs is a button of the first, gone by then) and
 * the row is drawn again after the reload. When the trigger is gone (the task left the
 * list), the list's panel takes the focus rather than the page's top.
 */
export function useReturnFocus(
  dashboard: DashboardStore,
  fallback: RefObject<HTMLElement | null>,
): void {
  const target = dashboard.focusTarget;
  useEffect(() => {
    if (!target) return;
    let frame = 0;
    let frames = 0;
    const attempt = () => {
      const dialogOpen = document.querySelector(`.${Classes.DIALOG}`) !== null;
      const element = dialogOpen ? null : findTarget(target);
      if (!element && frames < MAX_FRAMES) {
        frames += 1;
        frame = requestAnimationFrame(attempt);
        return;
      }
      (element ?? fallback.current)?.focus();
      dashboard.focusReturned();
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [dashboard, target, fallback]);
}
