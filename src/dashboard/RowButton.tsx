import { Classes, Spinner, SpinnerSize, Tooltip, mergeRefs } from '@blueprintjs/core';
import { forwardRef, type ReactNode } from 'react';
import { ACTION_TOOLTIP_CLASS } from '../components/IconButton';

/** Props of {@link RowButton}. */
export interface RowButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  /** Blueprint's look: outlined (the main action) or minimal (icon actions). */
  variant: 'outlined' | 'minimal';
  /** The icon before the text. */
  icon?: ReactNode;
  /** The icon after the text. */
  endIcon?: ReactNode;
  /** The visible text; none for an icon button. */
  text?: string;
  /** Shows a spinner and refuses clicks. */
  loading?: boolean;
  /** Colours it as the primary action. */
  primary?: boolean;
  /**
   * The action's name in a Blueprint Tooltip, on hover and keyboard focus: for a button that
   * shows only its icon. Replaces a `title`, which the keyboard never shows.
   */
  tooltip?: string;
}

/**
 * A small Blueprint-styled button for a table row. Blueprint's Button measures its text after
 * every render (a forced layout per button); a 200-row page redraws 200 of them, so the rows
 * use Blueprint's classes on a plain button instead. An icon-only one names its action in a
 * Tooltip, whose popover is drawn only while open.
 */
export const RowButton = forwardRef<HTMLButtonElement, RowButtonProps>(function RowButton(
  {
    variant,
    icon,
    endIcon,
    text,
    loading = false,
    primary = false,
    tooltip,
    className,
    disabled,
    ...rest
  },
  ref,
) {
  const classes = [
    Classes.BUTTON,
    Classes.SMALL,
    variant === 'outlined' ? Classes.OUTLINED : Classes.MINIMAL,
    primary ? Classes.INTENT_PRIMARY : '',
    loading ? Classes.LOADING : '',
    disabled || loading ? Classes.DISABLED : '',
    className ?? '',
  ];
  const button = (target?: Record<string, unknown>, targetRef?: React.Ref<HTMLButtonElement>) => (
    <button
      type="button"
      {...target}
      {...rest}
      ref={targetRef ? mergeRefs(ref, targetRef) : ref}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
    >
      {loading && <Spinner className={Classes.BUTTON_SPINNER} size={SpinnerSize.SMALL} />}
      {icon}
      {text && <span className={Classes.BUTTON_TEXT}>{text}</span>}
      {endIcon}
    </button>
  );
  if (!tooltip) return button();
  return (
    <Tooltip
      content={tooltip}
      popoverClassName={ACTION_TOOLTIP_CLASS}
      placement="top"
      hoverOpenDelay={300}
      renderTarget={({ isOpen: _isOpen, ref: targetRef, className: _className, ...target }) =>
        button(target, targetRef as React.Ref<HTMLButtonElement>)
      }
    />
  );
});
