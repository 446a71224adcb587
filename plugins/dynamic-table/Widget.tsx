import { Button, HTMLTable, Tooltip } from '@blueprintjs/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { DateField } from '../../src/components/DateField';
import { useDayDraft } from '../../src/components/useDayDraft';
import { formatNumber } from '../../src/core/format';
import { isoDateToDisplay } from '../../src/core/dates/parseDateInput';
import { DUE_DATE_MASK } from '../../src/dates/applyDateMask';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import {
  CONTROL_INDICATOR,
  CONTROL_INPUT,
  controlClassName,
  inputClassName,
  selectClassName,
} from '../../src/forms/registry/widgetClasses';
import { tableColumns, type CellValue, type TableColumn } from './columns';
import { emptyRow, isIsoDate } from './validate';
import { IconButton } from '../../src/components/IconButton';
import './dynamicTable.css';

type Row = Record<string, unknown>;

// The raw rows as the form holds them (what the user typed, not yet sanitised).
function rowsOf(value: unknown): Row[] {
  return Array.isArray(value)
    ? value.filter((row): row is Row => typeof row === 'object' && row !== null)
    : [];
}

function cellText(
  cell: unknown,
  column: TableColumn,
  yes: string,
  no: string,
  locale: string,
): string {
  if (column.type === 'Boolean') return cell === true || cell === 'true' ? yes : no;
  if (cell === null || cell === undefined) return '';
  if (column.type === 'Dropdown') {
    return column.options.find((option) => option.id === String(cell))?.name ?? String(cell);
  }
  // Numbers and amounts read grouped, days as the date fields show them (DD/MM/YYYY).
  if (typeof cell === 'number') return formatNumber(cell, undefined, locale);
  if (column.type === 'Date' && typeof cell === 'string' && isIsoDate(cell)) {
    return isoDateToDisplay(cell);
  }
  return typeof cell === 'object' ? '' : String(cell as string);
}

/** Props of {@link DateCell}. */
interface DateCellProps {
  readonly id: string;
  readonly label: string;
  readonly value: unknown;
  readonly locale: string;
  readonly placeholder: string;
  readonly invalid: boolean;
  readonly required: boolean;
  readonly describedBy: string | undefined;
  onChange(value: string | null): void;
  onBlur(): void;
}

/**
 * A date cell typed as `DD/MM/YYYY` with a calendar, as the form's date fields are; the cell
 * holds the ISO day once the text is one, and the text as typed until then.
 */
function DateCell({ value, onChange, onBlur, ...props }: DateCellProps) {
  const day = useDayDraft({ value, isDay: isIsoDate, onChange, onBlur });
  return (
    <DateField
      id={props.id}
      label={props.label}
      {...day}
      mask={DUE_DATE_MASK}
      placeholder={props.placeholder}
      locale={props.locale}
      invalid={props.invalid}
      required={props.required}
      describedBy={props.describedBy}
      inputClassName={inputClassName(props.invalid)}
    />
  );
}

/**
 * A table of typed columns: one row per value row, a control per editable visible column,
 * an "Add row" button and a "Remove row" button per row. Read-only, it shows the cells as
 * text. On a narrow screen the table scrolls sideways inside its cell.
 *
 * A cell's errors show in a tooltip on the cell (spec 001 section 5), opened by hovering or
 * focusing it and read with it by a screen reader; under the table a line says how many
 * cells need attention, with the errors that belong to no cell.
 */
export function DynamicTableWidget({
  field,
  inputId,
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

  // The errors of each cell an error names (those cells are marked red); the others, the
  // table's own, are listed under it.
  const cellErrors = new Map<string, string[]>();
  const tableErrors: string[] = [];
  for (const error of invalid ? (runtime.host.peekErrors(field.id) ?? []) : []) {
    const message = t(error.code, error.params);
    const { row, columnId } = error.params;
    if (row === undefined || columnId === undefined) {
      tableErrors.push(message);
      continue;
    }
    const key = `${String(row)}:${String(columnId)}`;
    cellErrors.set(key, [...(cellErrors.get(key) ?? []), message]);
  }
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
    const bad = cellErrors.has(`${index + 1}:${column.id}`);
    const common = {
      'aria-label': name,
      'aria-required': column.required || undefined,
      'aria-invalid': bad || undefined,
      'aria-describedby': bad ? cellErrorId(index, column) : undefined,
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
      case 'Date':
        return (
          <DateCell
            id={`${inputId}__r${index + 1}__${column.id}`}
            label={name}
            value={cell}
            locale={runtime.locale}
            placeholder={t('dateField.placeholder')}
            invalid={bad}
            required={column.required}
            describedBy={common['aria-describedby']}
            onChange={(day) => setCell(index, column, day)}
            onBlur={onBlur}
          />
        );
      default:
        return (
          <input
            type="text"
            inputMode={column.type === 'Number' || column.type === 'Amount' ? 'decimal' : undefined}
            className={inputClassName(bad)}
            value={cell === null || cell === undefined ? '' : String(cell as string | number)}
            onChange={(event) => setCell(index, column, event.target.value)}
            {...common}
          />
        );
    }
  };

  // The id of the hidden text that holds a cell's errors, which its control names.
  const cellErrorId = (index: number, column: TableColumn) =>
    `${inputId}__r${index + 1}__${column.id}__error`;

  /** A cell's control, with its errors in a tooltip and in a text its control names. */
  const cellContent = (row: Row, index: number, column: TableColumn): ReactNode => {
    if (readOnly || !column.editable) {
      return cellText(row[column.id], column, yes, no, runtime.locale);
    }
    const messages = cellErrors.get(`${index + 1}:${column.id}`);
    // The control keeps its place in the tree whether or not the cell has errors: were it
    // wrapped only with the first error, it would be mounted anew and lose the focus and
    // the text being typed.
    return (
      <>
        <Tooltip
          content={messages?.join(' ')}
          disabled={!messages}
          intent="danger"
          placement="top"
          className="tf-dynamic-table__cell-tooltip"
          targetTagName="div"
        >
          {control(row, index, column)}
        </Tooltip>
        {messages && (
          <span id={cellErrorId(index, column)} className="tessera-visually-hidden">
            {messages.join(' ')}
          </span>
        )}
      </>
    );
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
                  <td
                    key={column.id}
                    className={
                      cellErrors.has(`${index + 1}:${column.id}`)
                        ? 'tf-dynamic-table__cell--invalid'
                        : undefined
                    }
                  >
                    {cellContent(row, index, column)}
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
      {/* Always there (hidden while empty), so the table keeps its place in the tree. */}
      <div id={`${inputId}__error`} className="tf-errors" role="alert" hidden={!invalid}>
        {cellErrors.size > 0 && (
          <div>{t('dynamicTable.cellsNeedAttention', { count: cellErrors.size })}</div>
        )}
        {tableErrors.map((message, index) => (
          <div key={index}>{message}</div>
        ))}
      </div>
      {!readOnly && (
        <Button ref={addRef} icon="add" onClick={addRow} className="tf-dynamic-table__add">
          {t('dynamicTable.addRow')}
        </Button>
      )}
    </div>
  );
}
