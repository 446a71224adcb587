import { Classes } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';

/** Props of {@link TableCheckbox}. */
export interface TableCheckboxProps {
  /** Ticked. */
  checked: boolean;
  /** Neither ticked nor clear (some rows of the page are selected). */
  indeterminate?: boolean;
  /** Refuses clicks (the selection limit is reached). */
  disabled?: boolean;
  /** The accessible name. */
  label: string;
  /** The hover hint. */
  title?: string;
  /** The row's task, on the input, for tests and tools. */
  taskId?: string;
  /** The test id, on the clickable label. */
  testId?: string;
  /** A click or a space press toggled it. */
  onChange: () => void;
}

/**
 * Blueprint's checkbox markup without its component: a page of rows draws 200 of them, and
 * the plain markup costs a fraction of the component's render.
 */
export function TableCheckbox({
  checked,
  indeterminate,
  disabled = false,
  label,
  title,
  taskId,
  testId,
  onChange,
}: TableCheckboxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (indeterminate !== undefined && inputRef.current) {
      inputRef.current.indeterminate = indeterminate;
    }
  }, [indeterminate]);
  return (
    <label
      className={`${Classes.CONTROL} ${Classes.CHECKBOX} tessera-table__check${
        disabled ? ` ${Classes.DISABLED}` : ''
      }`}
      title={title}
      data-testid={testId}
    >
      <input
        ref={inputRef}
        className={Classes.CONTROL_INPUT}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-label={label}
        data-task-id={taskId}
        onChange={onChange}
      />
      <span className={Classes.CONTROL_INDICATOR} />
    </label>
  );
}
