import { Button, HTMLTable } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import {
  CONTROL_INDICATOR,
  CONTROL_INPUT,
  controlClassName,
  inputClassName,
  selectClassName,
} from '../../src/forms/registry/widgetClasses';
import { tableColumns, type CellValue, type TableColumn } from './columns';
import { emptyRow } from './validate';
import { IconButton } from '../../src/components/IconButton';
import './dynamicTable.css';

type Row = Record<string, unknown>;

// The raw rows as the form holds them (what the user typed, not yet sanitised).
function rowsOf(value: unknown): Row[] {
  return Array.isArray(value)
    ? value.filter((row): row is Row => typeof row === 'object' && row !== null)
    : [];
}

function cellText(cell: unknown, column: TableColumn, yes: string, no: string): string {
  if (column.type === 'Boolean') return cell === true || cell === 'true' ? yes : no;
  if (cell === null || cell === undefined) return '';
  if (column.type === 'Dropdown') {
    return column.options.find((option) => option.id === String(cell))?.name ?? String(cell);
  }
  return typeof cell === 'object' ? '' : String(cell as string | number);
}

/**
 * A table of typed columns: one row per value row, a control per editable visible column,
 * an "Add row" button and a "Remove row" button per row. Read-only, it shows the cells as
 * text. On a narrow screen the table scrolls sideways inside its cell.
 */
export function DynamicTableWidget({
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
}: FieldWidgetProps) {
  const { t } = runtime;
  const columns = tableColumns(field).filter((column) => column.visible);
  const rows = rowsOf(value);
  const tableRef = useRef<HTMLTableElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // Where focus goes after a row is added (its first control) or removed.
  const pendingFocus = useRef<{ row: number } | 'add' | null>(null);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    if (target === 'add') {
      addRef.current?.focus();
      return;
    }
    const row = tableRef.current?.querySelectorAll('tbody tr')[target.row];
    row?.querySelector<HTMLElement>('input, select, button')?.focus();
  });

  // The cells an error names are the ones marked red; the others stay as they are.
  const badCells = new Set(
    invalid
      ? (runtime.host.peekErrors(field.id) ?? []).map(
          (error) => `${String(error.params.row)}:${String(error.params.columnId)}`,
        )
      : [],
  );
  const yes = t('dynamicTable.yes');
  const no = t('dynamicTable.no');

  const setCell = (index: number, column: TableColumn, cell: CellValue | string) => {
    onChange(rows.map((row, at) => (at === index ? { ...row, [column.id]: cell } : row)));
  };
  const addRow = () => {
    pendingFocus.current = { row: rows.length };
    onChange([...rows, emptyRow(tableColumns(field))]);
  };
  const removeRow = (index: number) => {
    const next = rows.filter((_, at) => at !== index);
    // Focus stays in the table: the row that took its place, the one before, or "Add row".
    pendingFocus.current = next.length === 0 ? 'add' : { row: Math.min(index, next.length - 1) };
    onChange(next);
    onBlur();
  };

  const control = (row: Row, index: number, column: TableColumn) => {
    const cell = row[column.id];
    const name = t('dynamicTable.cell', { column: column.label, row: index + 1 });
    const bad = badCells.has(`${index + 1}:${column.id}`);
    const common = {
      'aria-label': name,
      'aria-required': column.required || undefined,
      'aria-invalid': bad || undefined,
      'aria-describedby': errorId,
      onBlur,
    };
    switch (column.type) {
      case 'Boolean':
        return (
          <label className={controlClassName('checkbox')}>
            <input
              type="checkbox"
              className={CONTROL_INPUT}
              checked={cell === true || cell === 'true'}
              onChange={(event) => setCell(index, column, event.target.checked)}
              {...common}
            />
            <span className={CONTROL_INDICATOR} />
          </label>
        );
      case 'Dropdown':
        return (
          <div className={selectClassName(bad)}>
            <select
              value={cell === null || cell === undefined ? '' : String(cell as string)}
              onChange={(event) => setCell(index, column, event.target.value || null)}
              {...common}
            >
              <option value="">{t('dynamicTable.choose')}</option>
              {column.options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
        );
      default: {
        const kind = column.type === 'Date' ? 'date' : 'text';
        return (
          <input
            type={kind}
            inputMode={column.type === 'Number' || column.type === 'Amount' ? 'decimal' : undefined}
            className={inputClassName(bad)}
            value={cell === null || cell === undefined ? '' : String(cell as string | number)}
            onChange={(event) => setCell(index, column, event.target.value)}
            {...common}
          />
        );
      }
    }
  };

  return (
    <div className="tf-dynamic-table" id={inputId} role="group" aria-label={text.label}>
      <div className="tf-dynamic-table__scroll">
        <HTMLTable compact bordered className="tf-dynamic-table__table" ref={tableRef}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col">
                  {column.label}
                  {column.required && !readOnly ? ' *' : ''}
                </th>
              ))}
              {!readOnly && (
                <th scope="col">
                  <span className="tessera-visually-hidden">{t('dynamicTable.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td
                  colSpan={columns.length + (readOnly ? 0 : 1)}
                  className="tf-dynamic-table__empty"
                >
                  {t('dynamicTable.noRows')}
                </td>
              </tr>
            )}
            {rows.map((row, index) => (
              // Rows have no identity of their own; their place is what the user sees.
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.id}>
                    {readOnly || !column.editable
                      ? cellText(row[column.id], column, yes, no)
                      : control(row, index, column)}
                  </td>
                ))}
                {!readOnly && (
                  <td>
                    <IconButton
                      variant="minimal"
                      icon="trash"
                      label={t('dynamicTable.removeRow', { row: index + 1 })}
                      onClick={() => removeRow(index)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {!readOnly && (
        <Button ref={addRef} icon="add" onClick={addRow} className="tf-dynamic-table__add">
          {t('dynamicTable.addRow')}
        </Button>
      )}
    </div>
  );
}
