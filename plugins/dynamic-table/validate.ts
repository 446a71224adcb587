import type { NormalizedField } from '../../schemas/forms';
import type { SampleContext } from '../../src/core/forms/plugins/defineFieldRules';
import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';
import {
  tableColumns,
  type CellValue,
  type TableColumn,
  type TableRow,
  type TableValue,
} from './columns';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whether text is a real calendar day written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Text a cell of the wrong shape is kept as, so the check can report it and nothing typed is lost.
function keptText(value: unknown): CellValue {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Turns one raw cell into the column's type; text that cannot be read is kept for the check. */
export function sanitizeCell(value: unknown, column: TableColumn): CellValue {
  switch (column.type) {
    case 'String':
      return typeof value === 'string' ? value : keptText(value);
    case 'Number':
    case 'Amount': {
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      if (typeof value !== 'string') return null;
      const text = value.trim();
      if (text === '') return null;
      return NUMERIC.test(text) ? Number(text) : text;
    }
    case 'Boolean':
      return value === true || value === 'true';
    case 'Date': {
      if (typeof value !== 'string') return null;
      const text = value.trim();
      if (text === '') return null;
      // A stored date-time (`2026-11-24T00:00:00Z`) keeps its day.
      const day = /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
      return day;
    }
    case 'Dropdown': {
      // A stored choice may be the option itself; one without an id is its name, as in APS.
      const id = isRecord(value) ? (value.id ?? value.name) : value;
      return typeof id === 'number' ? String(id) : keptText(id);
    }
  }
}

/**
 * Reads a stored table: a list of rows, each an object by column id. Keys that are no
 * column are dropped, each cell is read as its column's type, and anything that is not a
 * row is left out.
 */
export function sanitizeTable(value: unknown, field: NormalizedField): TableValue {
  if (!Array.isArray(value)) return [];
  const columns = tableColumns(field);
  return value
    .filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    .map((row) => {
      const clean: Record<string, CellValue> = {};
      for (const column of columns) clean[column.id] = sanitizeCell(row[column.id], column);
      return clean;
    });
}

/** Whether a cell counts as not filled in (an unticked box is a value: "no"). */
export function isCellEmpty(cell: CellValue | undefined): boolean {
  return cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');
}

function cellError(cell: CellValue, column: TableColumn): string | undefined {
  switch (column.type) {
    case 'Number':
    case 'Amount':
      return typeof cell === 'number' ? undefined : 'validation.dynamicTable.number';
    case 'Date':
      return typeof cell === 'string' && isIsoDate(cell)
        ? undefined
        : 'validation.dynamicTable.date';
    case 'Boolean':
      return typeof cell === 'boolean' ? undefined : 'validation.dynamicTable.boolean';
    case 'Dropdown':
      return typeof cell === 'string' && column.options.some((option) => option.id === cell)
        ? undefined
        : 'validation.dynamicTable.option';
    case 'String':
      return typeof cell === 'string' ? undefined : 'validation.dynamicTable.text';
  }
}

/**
 * Checks every row: each required column filled in, each cell of its column's type, a
 * dropdown cell one of its choices. Hidden columns are not checked. Each error names the
 * row (counted from 1), the column's label for the message and its id for the widget.
 */
export function validateTable(value: TableValue, field: NormalizedField): ValidationError[] {
  const columns = tableColumns(field).filter((column) => column.visible);
  const errors: ValidationError[] = [];
  value.forEach((row: TableRow, index) => {
    for (const column of columns) {
      const cell = row[column.id];
      const params = { row: index + 1, column: column.label, columnId: column.id };
      if (isCellEmpty(cell)) {
        if (column.required)
          errors.push(validationError('validation.dynamicTable.required', params));
        continue;
      }
      const code = cellError(cell as CellValue, column);
      if (code) errors.push(validationError(code, params));
    }
  });
  return errors;
}

/** A new row as the widget adds it: every cell empty, boxes unticked. */
export function emptyRow(columns: readonly TableColumn[]): Record<string, CellValue> {
  const row: Record<string, CellValue> = {};
  for (const column of columns) row[column.id] = column.type === 'Boolean' ? false : null;
  return row;
}

/**
 * What Autofill writes: one row with every required shown column filled in (a dropdown's
 * first choice, today for a date); nothing when a required dropdown has no choice to pick.
 */
export function sampleTable(
  field: NormalizedField,
  context: SampleContext,
): TableValue | undefined {
  const columns = tableColumns(field);
  const row = emptyRow(columns);
  for (const column of columns) {
    if (!column.required || !column.visible) continue;
    switch (column.type) {
      case 'String':
        row[column.id] = 'Sample';
        break;
      case 'Number':
      case 'Amount':
        row[column.id] = 1;
        break;
      case 'Date':
        row[column.id] = context.today;
        break;
      case 'Boolean':
        break;
      case 'Dropdown': {
        const first = column.options[0];
        if (!first) return undefined;
        row[column.id] = first.id;
        break;
      }
    }
  }
  return [row];
}
