import type { FieldWidths } from '../../../../schemas/forms';
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

/**
 * JSON pointers of the width properties, so warnings point at what the author wrote: the
 * three pointers, or a function that makes one when a warning needs it (most fields have
 * none, and a large form would otherwise build three strings per field for nothing).
 */
export type WidthPaths =
  | {
      /** Pointer of the desktop width. */
      readonly desktop: string;
      /** Pointer of the tablet width. */
      readonly tablet: string;
      /** Pointer of the phone width. */
      readonly phone: string;
    }
  | ((breakpoint: Breakpoint) => string);

type Breakpoint = keyof WidthInput;

const GRID_COLUMNS = 12;
const NO_WARNINGS: CompileWarning[] = [];

// A width on the grid as it is; otherwise rounded, clamped and reported.
function clamp(
  value: number,
  breakpoint: Breakpoint,
  paths: WidthPaths,
  warnings: CompileWarning[],
): number {
  if (Number.isInteger(value) && value >= 1 && value <= GRID_COLUMNS) return value;
  const clamped = Math.min(GRID_COLUMNS, Math.max(1, Math.round(value)));
  if (clamped !== value) {
    warnings.push({
      code: 'layout.widthOutOfRange',
      path: typeof paths === 'function' ? paths(breakpoint) : paths[breakpoint],
      params: { breakpoint, width: value, clampedTo: clamped },
    });
  }
  return clamped;
}

/**
 * Completes and clamps a field's widths on the 12-column grid. A missing tablet width
 * doubles the desktop one (two half-width desktop fields become full rows on a tablet);
 * phones stack everything unless told otherwise. Out-of-range values are clamped and
 * reported with `layout.widthOutOfRange`. Without warnings, the answer's `warnings` is
 * one shared empty list: read it, never push to it.
 */
export function resolveWidths(
  input: WidthInput,
  paths: WidthPaths,
): { widths: FieldWidths; warnings: readonly CompileWarning[] } {
  const warnings: CompileWarning[] = [];
  // 1. Desktop first: the other breakpoints derive from it.
  const desktop =
    input.desktop == null ? GRID_COLUMNS : clamp(input.desktop, 'desktop', paths, warnings);
  // 2. Tablet: as given, else double the desktop width.
  const tablet =
    input.tablet == null
      ? Math.min(GRID_COLUMNS, desktop * 2)
      : clamp(input.tablet, 'tablet', paths, warnings);
  // 3. Phone: as given, else full width.
  const phone = input.phone == null ? GRID_COLUMNS : clamp(input.phone, 'phone', paths, warnings);
  return {
    widths: { desktop, tablet, phone },
    warnings: warnings.length > 0 ? warnings : NO_WARNINGS,
  };
}
