import type { NormalizedField } from '../../schemas/forms';

/** The type id of the display-value field. */
export const READONLY_TYPE = 'readonly';

/** The variable a display-value field shows, as the APS author named it. */
export interface ReadonlySource {
  /** The variable's (or form field's) id: `params.field.id`, else the field's own id. */
  readonly id: string;
  /** The source field's APS type (`date`, `amount`, `dropdown`…), if the export says. */
  readonly type?: string;
  /** The source field's choices, if the export carries them, to show a label, not an id. */
  readonly options: readonly { readonly value: unknown; readonly label: string }[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the source of an APS "Display value" field from its `params.field`
 * (`{ id, name, type, options }`), which the compiler keeps whole in `config.params`.
 */
export function readonlySourceOf(field: NormalizedField): ReadonlySource {
  const params = field.config.params;
  const source = isRecord(params) && isRecord(params.field) ? params.field : {};
  const id = typeof source.id === 'string' && source.id.trim() !== '' ? source.id : field.id;
  const written = Array.isArray(source.options) ? source.options : [];
  const options = written.filter(isRecord).map((option) => ({
    value: option.id ?? option.name,
    label: typeof option.name === 'string' ? option.name : String(option.id ?? ''),
  }));
  return { id, ...(typeof source.type === 'string' ? { type: source.type } : {}), options };
}

/**
 * The id of the value a form answer carries for a field: a display-value field's source
 * variable, any other field's own id.
 */
export function servedValueId(field: NormalizedField): string {
  return field.type === READONLY_TYPE ? readonlySourceOf(field).id : field.id;
}
