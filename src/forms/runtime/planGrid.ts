import type { LocalizedText, NormalizedField, NormalizedForm } from '../../../schemas/forms';
import { type LayoutRow } from '../../core/forms/compiler/computeLayout';
import { computeLayout } from '../../../plugins/compiler';

/** The three breakpoints of the grid. */
export const BREAKPOINTS = ['desktop', 'tablet', 'phone'] as const;
/** One breakpoint. */
export type Breakpoint = (typeof BREAKPOINTS)[number];

const PREFIX: Readonly<Record<Breakpoint, string>> = { desktop: 'd', tablet: 't', phone: 'p' };

/** Grid rows in a chunk at each breakpoint, to size it before it is laid out. */
export type ChunkRows = Readonly<Record<Breakpoint, number>>;

/** A run of whole grid rows rendered as one grid; the browser may skip laying it out off screen. */
export interface GridChunk {
  /** Its position among all the form's chunks, from 0. */
  readonly index: number;
  /** The position of its first field among all the laid-out fields, from 0. */
  readonly start: number;
  /** The fields, in order. */
  readonly fieldIds: readonly string[];
  /** Its rows at each breakpoint. */
  readonly rows: ChunkRows;
}

/** A section of the form as the renderer lays it out. */
export interface GridSection {
  /** The section id. */
  readonly id: string;
  /** The section title as written (localised when rendered). */
  readonly title: LocalizedText;
  /** Its chunks. */
  readonly chunks: readonly GridChunk[];
}

/** The whole layout: sections of chunks, and each field's grid classes. */
export interface GridPlan {
  /** Sections in order; a repeated field id appears only in its first section. */
  readonly sections: readonly GridSection[];
  /** Every laid-out field id, in order, each once. */
  readonly fieldIds: readonly string[];
  /** The cell classes of `fieldIds`, position by position. */
  readonly cellClasses: readonly string[];
  /** The chunk (its `index`) each laid-out field is in. */
  readonly chunkOfField: ReadonlyMap<string, number>;
}

/** Fields per chunk before a chunk may end (at a row break common to all breakpoints). */
export const CHUNK_FIELDS = 40;

// Most cells of a large form share their classes; one string each saves a copy per field.
const interned = new Map<string, string>();
function intern(text: string): string {
  const known = interned.get(text);
  if (known !== undefined) return known;
  interned.set(text, text);
  return text;
}

function rowStarts(rows: readonly LayoutRow[]): Map<string, number> {
  const spans = new Map<string, number>();
  for (const row of rows) {
    row.cells.forEach((cell, index) =>
      spans.set(cell.fieldId, index === 0 ? -cell.span : cell.span),
    );
  }
  return spans;
}

/**
 * Lays a form out once: the colleague's `computeLayout` gives rows per breakpoint, and
 * each field becomes classes (`tf-d6 tf-t12 tf-p12`, plus `tf-ds`/`tf-ts`/`tf-ps` where
 * it starts a row) that CSS picks from by breakpoint, so a resize re-lays nothing out in
 * JavaScript. Long sections are cut into chunks at rows that start together at every
 * breakpoint.
 */
export function planGrid(form: NormalizedForm): GridPlan {
  const fieldIds: string[] = [];
  const cellClasses: string[] = [];
  const seen = new Set<string>();
  const sections: GridSection[] = [];
  const chunkOfField = new Map<string, number>();
  let chunkCount = 0;
  let chunkedFields = 0;
  const cut = (chunks: GridChunk[], ids: string[], rows: ChunkRows) => {
    for (const id of ids) chunkOfField.set(id, chunkCount);
    chunks.push({ index: chunkCount, start: chunkedFields, fieldIds: ids, rows });
    chunkCount += 1;
    chunkedFields += ids.length;
  };
  for (const section of form.sections) {
    // 1. The section's own fields; an id already shown in an earlier section is skipped,
    //    as rjsf's schema keeps only the first.
    const fields: NormalizedField[] = section.fields.filter((field) => {
      if (seen.has(field.id)) return false;
      seen.add(field.id);
      return true;
    });
    // 2. Rows per breakpoint; a negative span marks the first cell of a row.
    const layout = computeLayout(fields);
    const starts = {
      desktop: rowStarts(layout.desktop),
      tablet: rowStarts(layout.tablet),
      phone: rowStarts(layout.phone),
    };
    // 3. Classes, and chunks cut where every breakpoint starts a row.
    const chunks: GridChunk[] = [];
    let ids: string[] = [];
    let rows = { desktop: 0, tablet: 0, phone: 0 };
    for (const field of fields) {
      const classes = ['tf-cell'];
      let startsEverywhere = true;
      for (const breakpoint of BREAKPOINTS) {
        const signed = starts[breakpoint].get(field.id) ?? 12;
        classes.push(`tf-${PREFIX[breakpoint]}${Math.abs(signed)}`);
        if (signed < 0) classes.push(`tf-${PREFIX[breakpoint]}s`);
        else startsEverywhere = false;
      }
      fieldIds.push(field.id);
      cellClasses.push(intern(classes.join(' ')));
      if (ids.length >= CHUNK_FIELDS && startsEverywhere) {
        cut(chunks, ids, rows);
        ids = [];
        rows = { desktop: 0, tablet: 0, phone: 0 };
      }
      ids.push(field.id);
      for (const breakpoint of BREAKPOINTS) {
        if ((starts[breakpoint].get(field.id) ?? 0) < 0) rows[breakpoint] += 1;
      }
    }
    if (ids.length > 0) cut(chunks, ids, rows);
    sections.push({ id: section.id, title: section.title, chunks });
  }
  return { sections, fieldIds, cellClasses, chunkOfField };
}
