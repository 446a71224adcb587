import type { NormalizedField } from '../../schemas/forms';

/** The cell types a dynamic table's column may have (Alfresco / Flowable names). */
export const COLUMN_TYPES = ['String', 'Number', 'Amount', 'Date', 'Boolean', 'Dropdown'] as const;

/** One cell type. */
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** One choice of a dropdown column. */
export interface ColumnOption {
  readonly id: string;
  readonly name: string;
}

/** One column of a dynamic table, as the compiler keeps it in `config.columns`. */
export interface TableColumn {
  readonly id: string;
  readonly label: string;
  readonly type: ColumnType;
  readonly required: boolean;
  readonly editable: boolean;
  readonly visible: boolean;
  readonly options: readonly ColumnOption[];
}

/** One cell's sanitised value: text, a number, a tick, or nothing. */
export type CellValue = string | number | boolean | null;

/** One row: a cell per known column id. */
export type TableRow = Readonly<Record<string, CellValue>>;

/** A dynamic table's saved value: its rows, in order. */
export type TableValue = readonly TableRow[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * One choice of a dropdown column, from the compiler's shape or Alfresco's / Flowable's.
 * A choice written without an id (`id: null`, as APS exports them) is stored by its name,
 * as APS does: reading the missing id as text gave every such choice the one value "null".
 */
export function optionOf(raw: unknown): ColumnOption | undefined {
  if (!isRecord(raw)) return undefined;
  const written = textOf(raw.name) || textOf(raw.label);
  const id = textOf(raw.id) || written;
  if (id === '') return undefined;
  return { id, name: written || id };
}

/** The choices of a dropdown column, each value once (the first choice with it wins). */
export function optionsOf(raw: unknown): ColumnOption[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const options: ColumnOption[] = [];
  for (const item of raw) {
    const option = optionOf(item);
    if (!option || seen.has(option.id)) continue;
    seen.add(option.id);
    options.push(option);
  }
  return options;
}

/**
 * Reads one column definition, from the compiler's shape (`label`) or Flowable's
 * (`name`); a column without an id or with an unknown type is left out.
 */
export function columnOf(raw: unknown): TableColumn | undefined {
  if (!isRecord(raw) || typeof raw.id !== 'string' || raw.id.trim() === '') return undefined;
  const type = COLUMN_TYPES.find((known) => known.toLowerCase() === String(raw.type).toLowerCase());
  if (!type) return undefined;
  const label =
    typeof raw.label === 'string' ? raw.label : typeof raw.name === 'string' ? raw.name : raw.id;
  const options = optionsOf(raw.options);
  return {
    id: raw.id,
    label,
    type,
    required: raw.required === true,
    editable: raw.editable !== false,
    visible: raw.visible !== false,
    options,
  };
}

/** The columns of a list of definitions, duplicate ids dropped (the first one wins). */
export function columnsFrom(raw: unknown): TableColumn[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const columns: TableColumn[] = [];
  for (const item of raw) {
    const column = columnOf(item);
    if (!column || seen.has(column.id)) continue;
    seen.add(column.id);
    columns.push(column);
  }
  return columns;
}

/** The columns of a dynamic-table field (its `config.columns`). */
export function tableColumns(field: Pick<NormalizedField, 'config'>): TableColumn[] {
  return columnsFrom(field.config?.columns);
}
