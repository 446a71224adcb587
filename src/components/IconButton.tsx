import { Button, type ButtonProps } from '@blueprintjs/core';
import { forwardRef, memo, useState, useSyncExternalStore } from 'react';
import type { TooltipIconButton } from './TooltipIconButton';
import './IconButton.css';

/** The class of the action tooltips, which let clicks through to what lies under them. */
export const ACTION_TOOLTIP_CLASS = 'tessera-action-tooltip';

/** Props of {@link IconButton}; the tooltip owns the focus and hover handlers. */
export interface IconButtonProps extends Omit<
  ButtonProps,
  'text' | 'children' | 'title' | 'onFocus' | 'onBlur' | 'onMouseEnter' | 'onMouseLeave'
> {
  /** What the button does, in words: its tooltip, and its accessible name unless one is given. */
  label: string;
  /** A fuller accessible name (e.g. the action with the row it acts on); `label` by default. */
  'aria-label'?: string;
}

// The tooltip (Blueprint's Tooltip, its popover and positioning engine) is a chunk of its own:
// the sign-in page's one icon button must not make every visitor download it. It loads at the
// first hover or focus of an icon button, or with a screen that shows many of them.
let tooltipButton: typeof TooltipIconButton | null = null;
let tooltipLoad: Promise<void> | null = null;
const tooltipListeners = new Set<() => void>();

/**
 * Loads the icon buttons' tooltips; every icon button on screen then shows its own. Never
 * rejects: without the chunk a button still works and keeps its accessible name, and the
 * next hover or focus tries again.
 */
export function loadIconButtonTooltips(): Promise<void> {
  tooltipLoad ??= import('./TooltipIconButton').then(
    (module) => {
      tooltipButton = module.TooltipIconButton;
      for (const listener of tooltipListeners) listener();
    },
    () => {
      tooltipLoad = null;
    },
  );
  return tooltipLoad;
}

function subscribeToTooltips(listener: () => void): () => void {
  tooltipListeners.add(listener);
  return () => tooltipListeners.delete(listener);
}

const loadedTooltipButton = () => tooltipButton;

/**
 * A Blueprint button that shows only an icon, with a Blueprint Tooltip that names the action on
 * hover and on keyboard focus (a `title` shows for the mouse only, and late), and the same
 * words as its accessible name. Until the tooltips have loaded it is the same button without
 * one; the button with the tooltip then takes over the focus and the hover it had.
 * Memoised: a tooltip costs more to render than the field around it, and a button whose
 * props hold still is not rendered again.
 */
export const IconButton = memo(
  forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
    { label, 'aria-label': ariaLabel, ...props },
    ref,
  ) {
    const Loaded = useSyncExternalStore(
      subscribeToTooltips,
      loadedTooltipButton,
      loadedTooltipButton,
    );
    const [focused, setFocused] = useState(false);
    const [hovered, setHovered] = useState(false);
    // A press under way (pointer or key down, no click yet) keeps this button: replaced in
    // between, the click would land on a button no longer in the page and be lost.
    const [pressed, setPressed] = useState(false);
    if (Loaded && !pressed) {
      const takeOver = focused ? 'focused' : hovered ? 'hovered' : null;
      return (
        <Loaded {...props} label={label} aria-label={ariaLabel} takeOver={takeOver} ref={ref} />
      );
    }
    const { onClick, onKeyDown, onPointerDown, onPointerLeave, onPointerCancel } = props;
    return (
      <Button
        {...props}
        aria-label={ariaLabel ?? label}
        ref={ref}
        onFocus={() => {
          setFocused(true);
          void loadIconButtonTooltips();
        }}
        onBlur={() => {
          setFocused(false);
          setPressed(false);
        }}
        onMouseEnter={() => {
          setHovered(true);
          void loadIconButtonTooltips();
        }}
        onMouseLeave={() => setHovered(false)}
        onPointerDown={(event) => {
          setPressed(true);
          onPointerDown?.(event);
        }}
        onKeyDown={(event) => {
          setPressed(true);
          onKeyDown?.(event);
        }}
        onClick={(event) => {
          setPressed(false);
          onClick?.(event);
        }}
        onPointerLeave={(event) => {
          setPressed(false);
          onPointerLeave?.(event);
        }}
        onPointerCancel={(event) => {
          setPressed(false);
          onPointerCancel?.(event);
        }}
      />
    );
  }),
);
