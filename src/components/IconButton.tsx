import { Button, Tooltip, mergeRefs, type ButtonProps } from '@blueprintjs/core';
import { forwardRef, memo } from 'react';
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

/**
 * A Blueprint button that shows only an icon, with a Blueprint Tooltip that names the action on
 * hover and on keyboard focus (a `title` shows for the mouse only, and late), and the same
 * words as its accessible name. Memoised: a tooltip costs more to render than the field
 * around it, and a button whose props hold still is not rendered again. The sign-in page
 * does not use it (its one icon button, the password's show/hide, is a plain button), so
 * the tooltip's positioning engine is not in the first download.
 */
export const IconButton = memo(
  forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
    { label, 'aria-label': ariaLabel, ...props },
    ref,
  ) {
    return (
      <Tooltip
        content={label}
        popoverClassName={ACTION_TOOLTIP_CLASS}
        placement="top"
        hoverOpenDelay={300}
        renderTarget={({ isOpen: _isOpen, ref: targetRef, className, ...target }) => (
          <Button
            {...target}
            {...props}
            className={[props.className, className].filter(Boolean).join(' ')}
            aria-label={ariaLabel ?? label}
            ref={mergeRefs<HTMLButtonElement>(ref, targetRef)}
          />
        )}
      />
    );
  }),
);
