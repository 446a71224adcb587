import type { FieldWidths, NormalizedField } from '../../../../schemas/forms';
import type { PluginCatalog } from '../plugins/pluginCatalog';

/** One cell of a grid row: a field and how many of the 12 columns it spans. */
export interface LayoutCell {
  /** The field shown in the cell. */
  readonly fieldId: string;
  /** Columns spanned, 1-12. */
  readonly span: number;
}

/** A row of the 12-column grid; its spans add up to at most 12. */
export interface LayoutRow {
  /** The cells, left to right. */
  readonly cells: readonly LayoutCell[];
}

/** The rows of a list of fields at each breakpoint. */
export interface FormLayout {
  /** Rows on desktop. */
  readonly desktop: readonly LayoutRow[];
  /** Rows on tablet. */
  readonly tablet: readonly LayoutRow[];
  /** Rows on phone. */
  readonly phone: readonly LayoutRow[];
}

const GRID_COLUMNS = 12;

/**
 * Lays fields out on the 12-column grid at the three breakpoints. Computed once per
 * form (not per render) so the renderer only maps rows to markup.
 */
export function computeLayout(
  fields: readonly NormalizedField[],
  catalog: PluginCatalog,
): FormLayout {
  return {
    desktop: rowsAt(fields, 'desktop', catalog),
    tablet: rowsAt(fields, 'tablet', catalog),
    phone: rowsAt(fields, 'phone', catalog),
  };
}

function rowsAt(
  fields: readonly NormalizedField[],
  breakpoint: keyof FieldWidths,
  catalog: PluginCatalog,
): LayoutRow[] {
  const rows: LayoutRow[] = [];
  let cells: LayoutCell[] = [];
  let used = 0;
  const closeRow = () => {
    if (cells.length > 0) rows.push({ cells });
    cells = [];
    used = 0;
  };
  for (const field of fields) {
    // 1. The span at this breakpoint, kept on the grid even if a caller built widths by hand.
    const span = Math.min(GRID_COLUMNS, Math.max(1, Math.round(field.widths[breakpoint])));
    // 2. Full-width display fields (headlines, rules) close the row and stand alone.
    if (catalog.rulesOf(field.type).fullWidth) {
      closeRow();
      rows.push({ cells: [{ fieldId: field.id, span: GRID_COLUMNS }] });
      continue;
    }
    // 3. An explicit break, or a field that does not fit, starts a new row.
    if (field.breakBefore === true || used + span > GRID_COLUMNS) closeRow();
    // 4. Place the field left to right.
    cells.push({ fieldId: field.id, span });
    used += span;
    // 5. A full row is closed at once.
    if (used === GRID_COLUMNS) closeRow();
  }
  // 6. Whatever is left forms the last row.
  closeRow();
  return rows;
}
