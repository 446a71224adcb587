import { useState, type KeyboardEvent } from 'react';
import { Classes } from '@blueprintjs/core';
import { optionCaption, optionIndex } from '../../src/core/forms/fields/options';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { inputClassName } from '../../src/forms/registry/widgetClasses';
import { matchOptions } from './matchOptions';
import { typeaheadRestSourceOf } from './restSource';

/**
 * A searchable single choice, the ARIA 1.2 combobox pattern: typing filters the choices
 * in a list under the input, the arrow keys move through it, Enter picks, Escape closes
 * the list (or, when closed, puts back the picked label). Leaving the field without
 * picking keeps the choice it had; clearing the text clears it.
 */
export function TypeaheadWidget(props: FieldWidgetProps) {
  const { field, inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
  const { options } = text;
  const { t, accessTest } = runtime;
  const picked = options[optionIndex(options, value)];
  const pickedLabel = picked ? picked.label : typeof value === 'string' ? value : '';
  // The text being typed; `null` while the input shows the picked label.
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = open ? matchOptions(options, draft ?? '') : [];
  const listId = `${inputId}-choices`;
  const optionId = (index: number) => `${inputId}-choice-${index}`;
  const restSource = options.length === 0 ? typeaheadRestSourceOf(field) : undefined;

  if (readOnly) {
    return <input id={inputId} className={inputClassName(false)} readOnly value={pickedLabel} />;
  }

  const pick = (index: number) => {
    const option = matches[index];
    if (!option) return;
    onChange(option.value);
    setDraft(null);
    setOpen(false);
    setActive(-1);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else setActive((index) => Math.min(index + 1, matches.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Enter':
        if (open && active >= 0) {
          event.preventDefault();
          pick(active);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (draft !== null) {
          event.preventDefault();
          setDraft(null);
        }
        break;
      default:
        break;
    }
  };
  const activeId = open && active >= 0 && active < matches.length ? optionId(active) : undefined;
  return (
    <div className="tf-typeahead">
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        className={inputClassName(invalid)}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        {...fieldAria(props)}
        placeholder={text.placeholder ?? t('typeahead.search')}
        value={draft ?? pickedLabel}
        onChange={(event) => {
          const typed = event.target.value;
          setDraft(typed);
          setOpen(true);
          setActive(typed.trim() === '' ? -1 : 0);
          if (typed === '') onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setDraft(null);
          close();
          onBlur();
        }}
      />
      <ul id={listId} role="listbox" className={`${Classes.MENU} tf-typeahead-list`} hidden={!open}>
        {matches.map((option, index) => (
          <li
            key={`${String(option.value)}-${index}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`${Classes.MENU_ITEM}${index === active ? ` ${Classes.ACTIVE}` : ''}`}
            // Picked on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(index);
            }}
          >
            {optionCaption(option, accessTest)}
          </li>
        ))}
        {open && matches.length === 0 ? (
          <li
            role="option"
            aria-disabled="true"
            aria-selected="false"
            className={Classes.MENU_ITEM}
          >
            {t(restSource ? 'typeahead.restSource' : 'typeahead.noMatch')}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
