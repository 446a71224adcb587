import { Drawer, DrawerSize } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';
import './AdminDrawer.css';

/** Props of {@link AdminDrawer}. */
export interface AdminDrawerProps {
  /** Whether the drawer is open. */
  readonly isOpen: boolean;
  /** Asks to close it: its close button, Escape, or a click outside. */
  readonly onClose: () => void;
  /** Its title, translated. */
  readonly title: string;
  /** The icon before the title. */
  readonly icon: ReactElement;
  /** The screen's own class, for the rules of what it holds. */
  readonly className: string;
  /** Whether it takes the whole width (a phone). */
  readonly fullWidth: boolean;
  /** While true (a save is running), neither Escape nor a click outside closes it. */
  readonly busy: boolean;
  /** Whether a click outside closes it when it is not busy; false while it shows a secret once. */
  readonly closeOnOutsideClick?: boolean;
  /** Called once it has opened, to put the focus on its first field. */
  readonly onOpened?: () => void;
  /** Called once it has closed, to forget what it showed, before the focus goes back. */
  readonly onClosed?: () => void;
  /** Where the focus goes once it has closed: the button that opened it. */
  readonly returnFocusTo: () => HTMLElement | null;
  /** Its panels ({@link AdminDrawerPanel}). */
  readonly children: ReactNode;
}

/**
 * The side drawer of an administrators' screen (a new client, a deploy): from the right, the
 * standard width or the whole of a phone, kept open while it saves, and the focus back on
 * what opened it once it has closed.
 */
export function AdminDrawer({
  isOpen,
  onClose,
  title,
  icon,
  className,
  fullWidth,
  busy,
  closeOnOutsideClick = true,
  onOpened,
  onClosed,
  returnFocusTo,
  children,
}: AdminDrawerProps) {
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      onOpened={onOpened}
      onClosed={() => {
        onClosed?.();
        returnFocusTo()?.focus();
      }}
      position="right"
      size={fullWidth ? '100%' : DrawerSize.STANDARD}
      title={title}
      icon={icon}
      className={className}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy && closeOnOutsideClick}
    >
      {children}
    </Drawer>
  );
}

/** Props of {@link AdminDrawerPanel}. */
export interface AdminDrawerPanelProps {
  /** A sentence on what the drawer is for, above the rest, translated. */
  readonly intro?: ReactNode;
  /** The buttons, always in view below the part that scrolls. */
  readonly footer: ReactNode;
  /** Given, the panel is a form (its own checks, not the browser's) and this sends it. */
  readonly onSubmit?: () => void;
  /** A test id. */
  readonly 'data-testid'?: string;
  /** What scrolls. */
  readonly children: ReactNode;
}

/** What an {@link AdminDrawer} shows: a part that scrolls, with its buttons below it. */
export function AdminDrawerPanel({
  intro,
  footer,
  onSubmit,
  'data-testid': testId,
  children,
}: AdminDrawerPanelProps) {
  const content = (
    <>
      <div className="tessera-admin-drawer__scroll">
        {intro !== undefined && <p className="tessera-admin-drawer__intro">{intro}</p>}
        {children}
      </div>
      <div className="tessera-admin-drawer__footer">{footer}</div>
    </>
  );
  if (onSubmit === undefined) {
    return (
      <div className="tessera-admin-drawer__body" data-testid={testId}>
        {content}
      </div>
    );
  }
  return (
    <form
      className="tessera-admin-drawer__body"
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {content}
    </form>
  );
}
