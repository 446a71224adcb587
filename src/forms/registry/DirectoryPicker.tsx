import { InputGroup, Menu, MenuItem, PopoverNext, PopupKind, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Translate } from '../../core/forms/fields/translate';
import { fieldAria } from './fieldAria';
import type { FieldWidgetProps } from './fieldPlugin';
import {
  directoryService,
  usersSourceFor,
  type DirectoryEntry,
  type DirectoryKind,
} from './formServices';
import { ServiceUnavailable } from './ServiceUnavailable';
import { IconButton } from '../../components/IconButton';

/** Props of {@link DirectoryPicker}. */
export interface DirectoryPickerProps extends FieldWidgetProps {
  /** Whether people or functional groups are listed. */
  readonly kind: DirectoryKind;
}

// Names of ids already seen, so a saved value shows by name without asking again.
const names = new Map<string, string>();
const SEARCH_DELAY_MS = 250;

/**
 * The name a picker shows. The demo's group names are texts of the product and carry
 * translations (`fields.directory.groupNames.<id>`), used while the stored name is still
 * the English one; a name the tenant gave its group is shown as it is.
 */
function shownName(t: Translate, kind: DirectoryKind, id: string, name: string): string {
  if (kind !== 'group') return name;
  const key = `fields.directory.groupNames.${id}`;
  return t(key, { lng: 'en' }) === name ? t(key) : name;
}

type SearchState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'done'; readonly entries: readonly DirectoryEntry[] }
  | { readonly status: 'failed' };

/**
 * A searchable picker over the host's `usersSource`: type to search, pick with the mouse
 * or the arrow keys and Enter. The field stores the entry's id. Without a source for its
 * kind (a page that has no directory, or none of groups) it says so instead of offering
 * made-up people.
 */
export function DirectoryPicker({
  kind,
  field,
  inputId,
  errorId,
  value,
  onChange,
  onBlur,
  readOnly,
  invalid,
  text,
  runtime,
}: DirectoryPickerProps) {
  const source = usersSourceFor(runtime.services, kind);
  const { t } = runtime;
  const id = typeof value === 'string' && value !== '' ? value : null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const [active, setActive] = useState(0);
  const [, setNamed] = useState(0);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // 1. A saved id is shown by name: ask the source once, remember the answer.
  useEffect(() => {
    if (!id || !source?.describe || names.has(`${kind}:${id}`)) return undefined;
    const abort = new AbortController();
    source.describe(kind, id, abort.signal).then(
      (entry) => {
        if (entry) names.set(`${kind}:${id}`, entry.name);
        setNamed((n) => n + 1);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [id, kind, source]);

  // 2. Search while the list is open, a moment after the last keystroke.
  useEffect(() => {
    if (!open || !source) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ status: 'loading' });
      source.search(kind, query ?? '', abort.signal).then(
        (entries) => {
          setSearch({ status: 'done', entries });
          setActive(0);
        },
        () => {
          if (!abort.signal.aborted) setSearch({ status: 'failed' });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [open, query, kind, source]);

  const savedName = id ? shownName(t, kind, id, names.get(`${kind}:${id}`) ?? id) : '';
  const entries = search.status === 'done' ? search.entries : [];
  // The option the arrow keys reached: announced through aria-activedescendant while focus
  // stays in the search box, and kept in view in a long list.
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeOption = open && entries[active] ? optionId(active) : undefined;
  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(activeOption)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOption]);
  const detailOf = (entry: DirectoryEntry) =>
    entry.memberCount === undefined
      ? entry.detail
      : t('fields.directory.members', { count: entry.memberCount });
  const choose = (entry: DirectoryEntry) => {
    names.set(`${kind}:${entry.id}`, entry.name);
    onChange(entry.id);
    setQuery(null);
    setOpen(false);
  };

  if (!source || readOnly) {
    return (
      <>
        <InputGroup
          id={inputId}
          fill
          readOnly
          disabled={!source && !readOnly}
          leftIcon={kind === 'user' ? 'person' : 'people'}
          value={savedName}
          aria-describedby={errorId}
        />
        {!source && !readOnly && (
          <ServiceUnavailable service={directoryService(kind)} field={field} t={t} />
        )}
      </>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        entries.length === 0 ? 0 : (current + step + entries.length) % entries.length,
      );
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const entry = entries[active];
      if (entry) choose(entry);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setQuery(null);
    }
  };

  const menu = (
    <Menu id={listId} role="listbox" className="tf-directory-menu">
      {search.status === 'loading' && (
        <MenuItem disabled text={t('common.loading')} icon={<Spinner size={16} />} />
      )}
      {search.status === 'failed' && (
        <MenuItem disabled intent="danger" text={t('fields.directory.failed')} />
      )}
      {search.status === 'done' && entries.length === 0 && (
        <MenuItem
          disabled
          text={t(kind === 'user' ? 'fields.directory.noMatch' : 'fields.directory.noGroupMatch')}
        />
      )}
      {entries.map((entry, index) => (
        <MenuItem
          key={entry.id}
          id={optionId(index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          active={index === active}
          text={shownName(t, kind, entry.id, entry.name)}
          label={runtime.accessTest ? entry.id : detailOf(entry)}
          onClick={() => choose(entry)}
        />
      ))}
    </Menu>
  );

  return (
    <PopoverNext
      content={menu}
      isOpen={open}
      animation="minimal"
      arrow={false}
      popupKind={PopupKind.LISTBOX}
      matchTargetWidth
      autoFocus={false}
      enforceFocus={false}
      // Focus never leaves the search box for the list, so closing has nothing to give back;
      // giving it back would pull the focus from wherever the user has tabbed since.
      shouldReturnFocusOnClose={false}
      placement="bottom-start"
      onInteraction={(next, event) => {
        // A click in the search box (which focus has just opened) keeps the list open.
        if (!next && event?.target !== inputRef.current) {
          setOpen(false);
          setQuery(null);
        }
      }}
      fill
    >
      <InputGroup
        id={inputId}
        inputRef={inputRef}
        fill
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption}
        aria-autocomplete="list"
        {...fieldAria({ field, invalid, errorId })}
        intent={invalid ? 'danger' : 'none'}
        leftIcon={kind === 'user' ? 'person' : 'people'}
        placeholder={text.placeholder ?? t('fields.directory.search')}
        value={query ?? savedName}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        rightElement={
          id ? (
            <IconButton
              variant="minimal"
              icon="cross"
              label={t('fields.directory.clear')}
              onClick={() => {
                onChange(null);
                setQuery(null);
                inputRef.current?.focus();
              }}
            />
          ) : undefined
        }
      />
    </PopoverNext>
  );
}
