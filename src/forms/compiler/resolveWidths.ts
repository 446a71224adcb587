import type { FieldWidths } from '../../../schemas/forms';
import type { CompileWarning } from './compileTypes';

/** Widths as a definition gives them: any may be missing or out of range. */
export interface WidthInput {
  /** Columns on desktop; 12 when missing. */
  readonly desktop?: number | null;
  /** Columns on tablet; twice the desktop width (at most 12) when missing. */
  readonly tablet?: number | null;
  /** Columns on phone; 12 when missing. */
  readonly phone?: number | null;
}

/** JSON pointers of the width properties, so warnings point at what the author wrote. */
export interface WidthPaths {
  /** Pointer of the desktop width. */
  readonly desktop: string;
  /** Pointer of the tablet width. */
  readonly tablet: string;
  /** Pointer of the phone width. */
  readonly phone: string;
}

const GRID_COLUMNS = 12;

/**
 * Completes and clamps a field's widths on the 12-column grid. A missing tablet width
 * doubles the desktop one (two half-width desktop fields become full rows on a tablet);
 * phones stack everything unless told otherwise. Out-of-range values are clamped and
 * reported with `layout.widthOutOfRange`.
 */
export function resolveWidths(
  input: WidthInput,
  paths: WidthPaths,
): { widths: FieldWidths; warnings: CompileWarning[] } {
  const warnings: CompileWarning[] = [];
  const clamp = (value: number, breakpoint: keyof WidthPaths): number => {
    const rounded = Math.round(value);
    const clamped = Math.min(GRID_COLUMNS, Math.max(1, rounded));
    if (clamped !== value) {
      warnings.push({
        code: 'layout.widthOutOfRange',
        path: paths[breakpoint],
        params: { breakpoint, width: value, clampedTo: clamped },
      });
    }
    return clamped;
  };
  // 1. Desktop first: the other breakpoints derive from it.
  const desktop = input.desktop == null ? GRID_COLUMNS : clamp(input.desktop, 'desktop');
  // 2. Tablet: as given, else double the desktop width.
  const tablet =
    input.tablet == null ? Math.min(GRID_COLUMNS, desktop * 2) : clamp(input.tablet, 'tablet');
  // 3. Phone: as given, else full width.
  const phone = input.phone == null ? GRID_COLUMNS : clamp(input.phone, 'phone');
  return { widths: { desktop, tablet, phone }, warnings };
}
