import { Button, Classes, Menu, MenuItem, PopoverNext, Spinner } from '@blueprintjs/core';
import { CaretDownIcon, RefreshIcon, TrashIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstItem, MENU_ITEMS, moveFocusByArrowKey } from '../components/arrowKeyFocus';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { localizeText } from '../core/forms/compiler/localizeText';
import { RemoteLoadingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import {
  DeleteProcessStore,
  StartProcessInstanceStatus,
  type DeletionSubject,
} from './DeleteProcessStore';
import type { DataStoreProcessItem } from '../api/recordsApi';

/** Props of {@link RecordDeleteMenu}. */
export interface RecordDeleteMenuProps {
  /** The record the processes would delete. */
  subject: DeletionSubject;
  /** Opens the started instance (the page adds the list's state to the navigation). */
  openInstance: (processInstanceId: string) => void;
}

/**
 * The record page's Delete menu (spec 001 section 2): the object's delete processes, each
 * under its link's label. Choosing one asks for confirmation (focus on Cancel); confirming
 * starts it on the record and opens the new instance.
 */
/** The menu's button, found when needed: the popover keeps its target's ref for itself. */
const deleteButton = () => document.querySelector<HTMLElement>('.tessera-record-delete-button');

export const RecordDeleteMenu = observer(function RecordDeleteMenu({
  subject,
  openInstance,
}: RecordDeleteMenuProps) {
  const { toasts } = useStores();
  const { t, i18n } = useTranslation();
  const [store] = useState(() => new DeleteProcessStore({ toasts }));
  const [open, setOpen] = useState(false);
  // Read when the opening has ended: a menu closed meanwhile (Escape pressed at once) must
  // not take the focus back from its button.
  const openNow = useRef(false);
  openNow.current = open;
  const { key, version } = subject;

  useEffect(() => {
    void store.load(key, version);
  }, [store, key, version]);

  // The keys held down now. A button clicks itself when Enter or Space is released over it:
  // a menu item chosen with Enter opens the dialog with its Cancel focused, so the same
  // key's release would cancel at once. Such a choice waits for the release.
  const heldKeys = useRef(new Set<string>());
  useEffect(() => {
    const held = heldKeys.current;
    const down = (event: KeyboardEvent) => held.add(event.key);
    const up = (event: KeyboardEvent) => held.delete(event.key);
    window.addEventListener('keydown', down, true);
    window.addEventListener('keyup', up, true);
    return () => {
      window.removeEventListener('keydown', down, true);
      window.removeEventListener('keyup', up, true);
    };
  }, []);
  const choose = (item: DataStoreProcessItem) => {
    const held = heldKeys.current;
    if (!held.has('Enter') && !held.has(' ')) {
      store.choose(item);
      return;
    }
    const released = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      window.removeEventListener('keyup', released, true);
      // After this event has reached its target, so no button handles it.
      setTimeout(() => store.choose(item), 0);
    };
    window.addEventListener('keyup', released, true);
  };

  let items;
  if (store.remoteLoadingStatus === RemoteLoadingStatus.loadingFailed) {
    items = (
      <>
        <MenuItem disabled text={t('process.failedtoLoadDeleteProcesses')} />
        <MenuItem
          icon={<RefreshIcon />}
          text={t('records.deleteMenu.retry')}
          shouldDismissPopover={false}
          onClick={() => void store.load(key, version)}
        />
      </>
    );
  } else if (store.remoteLoadingStatus !== RemoteLoadingStatus.fullyLoaded) {
    items = (
      <MenuItem disabled icon={<Spinner size={16} />} text={t('records.deleteMenu.loading')} />
    );
  } else if (store.items.length === 0) {
    items = <MenuItem disabled text={t('records.deleteMenu.none')} />;
  } else {
    items = store.items.map((item) => (
      <MenuItem
        key={item.appDefinition.processDefinitionId}
        icon={<TrashIcon />}
        intent="danger"
        text={localizeText(item.dataStoreLink.label, i18n.language)}
        onClick={() => choose(item)}
      />
    ));
  }

  const pending = store.startProcessInstanceStatus === StartProcessInstanceStatus.pending;
  const chosenLabel = store.chosen
    ? localizeText(store.chosen.dataStoreLink.label, i18n.language)
    : '';

  return (
    <>
      <PopoverNext
        isOpen={open}
        onInteraction={(next) => setOpen(next)}
        placement="bottom-end"
        animation="minimal"
        arrow={false}
        disabled={pending}
        // Focus goes back by hand: returned on close, it would leave the confirm dialog that
        // a chosen process opens at the same moment.
        shouldReturnFocusOnClose={false}
        onClosed={(node) => {
          // The menu's item may still hold the focus as it leaves, or the body once it left.
          const active = document.activeElement;
          // (or the popover's focus trap, in the same portal).
          const lost =
            !active ||
            active === document.body ||
            node.contains(active) ||
            active.closest(`.${Classes.PORTAL}`) !== null;
          if (store.chosen === null && lost) deleteButton()?.focus();
        }}
        // The first choice takes focus on opening, and the arrow keys move among the choices.
        onOpened={(node) => {
          if (openNow.current) focusFirstItem(node, MENU_ITEMS);
        }}
        content={
          <Menu
            aria-label={t('records.deleteMenu.menuLabel')}
            onKeyDown={(event) => {
              // Escape closes the menu here, with the focus on its button before the item it
              // is on leaves the page (left to the popover, it fell to the page body).
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setOpen(false);
                // Once closed: while it is open, the popover's focus trap takes it back.
                setTimeout(() => deleteButton()?.focus(), 0);
                return;
              }
              moveFocusByArrowKey(event, MENU_ITEMS);
            }}
          >
            {items}
          </Menu>
        }
      >
        <Button
          className="tessera-record-delete-button"
          variant="outlined"
          intent="danger"
          icon={pending ? <Spinner size={16} /> : <TrashIcon />}
          endIcon={<CaretDownIcon />}
          text={pending ? t('records.deleteMenu.starting') : t('records.deleteMenu.button')}
          aria-busy={pending}
          data-testid="record-delete-menu"
          data-status={store.startProcessInstanceStatus}
        />
      </PopoverNext>
      <ConfirmDialog
        isOpen={store.chosen !== null}
        title={t('records.deleteMenu.confirmTitle')}
        message={t('records.deleteMenu.confirmMessage', {
          process: chosenLabel,
          recordId: subject.recordId,
        })}
        primaryText={t('records.deleteMenu.confirm')}
        secondaryText={t('records.deleteMenu.cancel')}
        primaryIntent="danger"
        busy={pending}
        onConfirm={() => void store.start(subject, openInstance)}
        onCancel={() => store.cancel()}
        returnFocusTo={deleteButton}
      />
    </>
  );
});
