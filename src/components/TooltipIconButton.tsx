import { Button, Tooltip, mergeRefs } from '@blueprintjs/core';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { ACTION_TOOLTIP_CLASS, type IconButtonProps } from './IconButton';

/** Props of {@link TooltipIconButton}. */
export interface TooltipIconButtonProps extends IconButtonProps {
  /**
   * How the button it replaces was left when the tooltips arrived: `focused` takes the focus
   * over and shows the tooltip, `hovered` only shows it; read once, at mount.
   */
  takeOver?: 'focused' | 'hovered' | null;
}

/**
 * The icon button with its Blueprint Tooltip, loaded apart from {@link IconButton} because the
 * tooltip's positioning engine is the heaviest part of it and the sign-in page has one such
 * button at most.
 */
export const TooltipIconButton = forwardRef<HTMLButtonElement, TooltipIconButtonProps>(
  function TooltipIconButton({ label, 'aria-label': ariaLabel, takeOver, ...props }, ref) {
    const own = useRef<HTMLButtonElement>(null);
    const [initial] = useState(takeOver ?? null);
    useEffect(() => {
      if (initial === 'focused') own.current?.focus();
    }, [initial]);
    return (
      <Tooltip
        content={label}
        popoverClassName={ACTION_TOOLTIP_CLASS}
        placement="top"
        hoverOpenDelay={300}
        defaultIsOpen={initial !== null}
        renderTarget={({ isOpen: _isOpen, ref: targetRef, className, ...target }) => (
          <Button
            {...target}
            {...props}
            className={[props.className, className].filter(Boolean).join(' ')}
            aria-label={ariaLabel ?? label}
            ref={mergeRefs<HTMLButtonElement>(ref, own, targetRef)}
          />
        )}
      />
    );
  },
);
