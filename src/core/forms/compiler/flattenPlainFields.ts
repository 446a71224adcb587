import type { PlainField, VisibilityRule } from '../../../../schemas/forms';
import { ruleOfFlowable } from '../visibility/ruleOfFlowable';
import { bothRules } from '../visibility/visibilityRule';
import type { CompileWarning } from './compileTypes';

/** A non-container field of a plain form, placed on the 12-column grid. */
export interface PlainEntry {
  /** The field (for a group title, a synthetic headline). */
  readonly field: PlainField;
  /** JSON pointer of the field in the definition. */
  readonly path: string;
  /** Desktop columns derived from the container's columns and the field's colspan. */
  readonly desktop: number;
  /** True for the first field of a container row, so the grid keeps Flowable's rows. */
  readonly breakBefore: boolean;
  /** The tab of the top-level field it belongs to. */
  readonly tab: string | null;
  /** When the containers around it are shown: all their conditions at once. */
  readonly visibleWhen?: VisibilityRule;
}

/**
 * The most "or" groups a rule made of nested conditions may have: each level multiplies
 * the groups of the one around it, so a hostile form could otherwise make one rule huge.
 */
export const MAX_RULE_GROUPS = 64;

/**
 * Both rules at once, or `undefined` when the result would have more than
 * `MAX_RULE_GROUPS` groups (the caller then leaves the inner rule unapplied).
 */
export function bothRulesWithin(
  outer: VisibilityRule | undefined,
  inner: VisibilityRule | undefined,
): VisibilityRule | undefined {
  if (outer && inner && outer.any.length * inner.any.length > MAX_RULE_GROUPS) return undefined;
  return bothRules(outer, inner);
}

interface Slot {
  readonly field: PlainField;
  readonly path: string;
  readonly row: number;
  readonly column: number;
  readonly order: number;
}

const CONTAINER_TYPES = new Set(['container', 'group']);

/**
 * Flattens a plain form's fields into grid entries in reading order. Containers and groups
 * disappear: their children take `colspan / columns` of the width the container had, row
 * by row, left to right; a group's title becomes a headline before its fields.
 */
export function flattenPlainFields(
  fields: readonly PlainField[],
  basePath: string,
  tabs: readonly PlainTabCondition[] = [],
): { entries: PlainEntry[]; warnings: CompileWarning[] } {
  const entries: PlainEntry[] = [];
  const warnings: CompileWarning[] = [];
  // A tab shown only while its condition holds (APS) hides every field on it otherwise, as
  // a container's condition hides its fields.
  const tabRules = new Map<string, VisibilityRule | undefined>();
  for (const tab of tabs) {
    const { visibleWhen } = visibilityOf(tab, tab.path, undefined, warnings);
    tabRules.set(tab.id, visibleWhen);
  }
  fields.forEach((field, index) => {
    const tab = field.tab ?? null;
    const visibleWhen = tab === null ? undefined : tabRules.get(tab);
    // Top-level fields own a whole row: Flowable stacks them.
    place(
      field,
      `${basePath}/${index}`,
      12,
      false,
      visibleWhen ? { tab, visibleWhen } : { tab },
      entries,
      warnings,
    );
  });
  return { entries, warnings };
}

/** A tab of a plain form with the condition it is shown under, and where it is written. */
export interface PlainTabCondition {
  readonly id: string;
  readonly visibilityCondition?: unknown;
  /** JSON pointer of the tab in the definition. */
  readonly path: string;
}

// What a field inherits from the containers around it.
interface Surroundings {
  readonly tab: string | null;
  readonly visibleWhen?: VisibilityRule;
}

function place(
  field: PlainField,
  path: string,
  available: number,
  breakBefore: boolean,
  around: Surroundings,
  entries: PlainEntry[],
  warnings: CompileWarning[],
): void {
  const { tab } = around;
  if (!CONTAINER_TYPES.has(field.type)) {
    entries.push({ field, path, desktop: available, breakBefore, ...around });
    return;
  }
  // 1. A container shown only while its condition holds hides its title and every field
  //    in it otherwise, as a field's own condition hides that field.
  const inner = {
    tab,
    ...visibilityOf(field as { visibilityCondition?: unknown }, path, around.visibleWhen, warnings),
  };
  // A group APS lets people fold: here it stays open, which the author is told.
  for (const setting of ['allowCollapse', 'collapseByDefault'] as const) {
    if (field.params?.[setting] === true) {
      warnings.push({
        code: 'field.settingNotApplied',
        path: `${path}/params/${setting}`,
        params: { fieldId: field.id, setting },
      });
    }
  }
  // 2. A group shows its title as a full-width headline.
  if (field.type === 'group' && field.name) {
    entries.push({
      field: { id: field.id, type: 'headline', name: field.name },
      path,
      desktop: 12,
      breakBefore: true,
      ...inner,
    });
  }
  // 3. Read the children into row/column slots, whatever shape `fields` has.
  const { slots, columns } = containerSlots(field, path);
  // 4. Reading order: row by row, left to right, then as written.
  slots.sort((a, b) => a.row - b.row || a.column - b.column || a.order - b.order);
  // 5. Each child takes its colspan's share of the container width; each row restarts.
  let previousRow: number | undefined;
  for (const slot of slots) {
    const colspan = colspanOf(slot, columns, warnings);
    const width = Math.max(1, Math.round((available * colspan) / columns));
    const startsRow = slot.row !== previousRow;
    previousRow = slot.row;
    place(slot.field, slot.path, width, startsRow, inner, entries, warnings);
  }
}

// The rule under which a container's contents are shown: the containers' around it and its
// own `visibilityCondition`. One the runtime cannot judge is not applied, with a warning,
// so the container stays shown as a field would.
function visibilityOf(
  container: { readonly visibilityCondition?: unknown },
  path: string,
  outer: VisibilityRule | undefined,
  warnings: CompileWarning[],
): { visibleWhen?: VisibilityRule } {
  const at = `${path}/visibilityCondition`;
  const read = ruleOfFlowable(container.visibilityCondition, at);
  let problem = read.problem;
  let rule = outer;
  if (read.rule) {
    const both = bothRulesWithin(outer, read.rule);
    if (both) rule = both;
    else problem = { reason: 'tooComplex', path: at };
  }
  if (problem) {
    warnings.push({
      code: 'visibility.notApplied',
      path: problem.path,
      params: { reason: problem.reason },
    });
  }
  return rule ? { visibleWhen: rule } : {};
}

function containerSlots(container: PlainField, path: string): { slots: Slot[]; columns: number } {
  const children = container.fields;
  const declared = container.numberOfColumns ?? numberParam(container.params, 'numberOfColumns');
  const slots: Slot[] = [];
  let order = 0;
  const add = (field: PlainField, childPath: string, row: number, column: number) => {
    slots.push({ field, path: childPath, row, column, order });
    order += 1;
  };
  if (children == null) return { slots, columns: declared ?? 1 };
  if (Array.isArray(children)) {
    if (children.length > 0 && children.every((child) => Array.isArray(child))) {
      // The engine's shape: a list of rows, each a list of fields.
      const rows = children as PlainField[][];
      const columns = declared ?? Math.max(1, ...rows.map((row) => row.length));
      rows.forEach((row, r) =>
        row.forEach((field, k) =>
          add(
            field,
            `${path}/fields/${r}/${k}`,
            r,
            clampColumn(placed(field.layout?.column) ?? k, columns),
          ),
        ),
      );
      return { slots, columns };
    }
    // A flat list: placed by its layout when it has one, else filled row by row.
    const flat = children as PlainField[];
    const columns = declared ?? 1;
    flat.forEach((field, i) =>
      add(
        field,
        `${path}/fields/${i}`,
        placed(field.layout?.row) ?? Math.floor(i / columns),
        clampColumn(placed(field.layout?.column) ?? i % columns, columns),
      ),
    );
    return { slots, columns };
  }
  // Flowable UI's shape: column number ("1", "2", ...) to the fields of that column.
  const keys = Object.keys(children).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  const numericKeys = keys.map(Number).filter((key) => Number.isInteger(key) && key >= 1);
  const columns = declared ?? Math.max(1, keys.length, ...numericKeys);
  keys.forEach((key, keyIndex) => {
    const numeric = Number(key);
    const column = Number.isInteger(numeric) && numeric >= 1 ? numeric - 1 : keyIndex;
    (children[key] ?? []).forEach((field, i) =>
      add(
        field,
        `${path}/fields/${escapePointer(key)}/${i}`,
        placed(field.layout?.row) ?? i,
        clampColumn(placed(field.layout?.column) ?? column, columns),
      ),
    );
  });
  return { slots, columns };
}

/**
 * The columns a field spans. Its own `colspan` wins over `layout.colspan`: Alfresco Process
 * Services exports keep both, renders with the field's own and leaves `layout` as it was
 * when the field was first dropped (a field widened later still says 1 there). Flowable's
 * modeler writes only `layout`.
 */
function colspanOf(slot: Slot, columns: number, warnings: CompileWarning[]): number {
  const own = slot.field.colspan;
  const written = own ?? slot.field.layout?.colspan ?? 1;
  const colspan = Math.min(columns, Math.max(1, written));
  if (colspan !== written) {
    const where = own != null ? '/colspan' : '/layout/colspan';
    warnings.push({
      code: 'layout.widthOutOfRange',
      path: `${slot.path}${where}`,
      params: { breakpoint: 'desktop', width: written, clampedTo: colspan, columns },
    });
  }
  return colspan;
}

/**
 * A row or column the designer placed a field at; Flowable's modeler writes -1 (and null)
 * for "not placed", which leaves the field where the list order puts it.
 */
function placed(index: number | null | undefined): number | undefined {
  return typeof index === 'number' && index >= 0 ? index : undefined;
}

function clampColumn(column: number, columns: number): number {
  return Math.min(columns - 1, Math.max(0, column));
}

function numberParam(params: PlainField['params'], name: string): number | undefined {
  const value = params?.[name];
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}

// JSON pointer escaping (RFC 6901) for map keys used as path segments.
function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
