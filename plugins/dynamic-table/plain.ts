import type { PlainField } from '../../schemas/forms';
import type { PlainFieldReading } from '../../src/core/forms/plugins/defineFieldRules';
import { optionsOf } from './columns';

/**
 * An Alfresco / Flowable `dynamic-table`: its typed columns (`columnDefinitions`), read
 * into `config.columns`, which the rules read back. A column without an id is left out.
 */
export function dynamicTableFromPlain(source: PlainField): PlainFieldReading {
  const definitions = (source as { columnDefinitions?: unknown }).columnDefinitions;
  const columns = (Array.isArray(definitions) ? definitions : [])
    .filter((column): column is Record<string, unknown> => !!column && typeof column === 'object')
    .filter((column) => typeof column.id === 'string' && column.id !== '')
    .map((column) => ({
      id: column.id,
      label: typeof column.name === 'string' ? column.name : column.id,
      type: column.type,
      required: column.required === true,
      editable: column.editable !== false,
      visible: column.visible !== false,
      // A choice without an id is stored by its name, as APS does.
      options: optionsOf(column.options),
    }));
  return { config: { columns } };
}
