import { Classes, Spinner, SpinnerSize } from '@blueprintjs/core';
import { forwardRef, type ReactNode } from 'react';

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
}

/**
 * A small Blueprint-styled button for a table row. Blueprint's Button measures its text after
 * every render (a forced layout per button); a 200-row page redraws 200 of them, so the rows
 * use Blueprint's classes on a plain button instead; its `title` is the hover hint.
 */
export const RowButton = forwardRef<HTMLButtonElement, RowButtonProps>(function RowButton(
  { variant, icon, endIcon, text, loading = false, primary = false, className, disabled, ...rest },
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
  return (
    <button
      ref={ref}
      type="button"
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      {...rest}
    >
      {loading && <Spinner className={Classes.BUTTON_SPINNER} size={SpinnerSize.SMALL} />}
      {icon}
      {text && <span className={Classes.BUTTON_TEXT}>{text}</span>}
      {endIcon}
    </button>
  );
});
