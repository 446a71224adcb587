import type { FieldPlugin, FieldPluginDefinition } from './fieldPlugin';

const NO_ERRORS = Object.freeze([]);

/** The default emptiness test: nothing, an empty string or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Declares a field plugin. A plugin folder's `index.ts` default-exports the result:
 *
 * ```ts
 * export default defineFieldPlugin({ type: 'text', Widget, validate, emptyValue: '', valueType: 'string' });
 * ```
 *
 * It checks the declaration (a type id, and exactly one of `Widget` or `loadWidget`, the
 * latter for heavy plugins) and fills in the defaults: no extra rules, values kept as
 * they are, the usual emptiness test.
 */
export function defineFieldPlugin<V>(definition: FieldPluginDefinition<V>): FieldPlugin<V> {
  // 1. A type id a folder can carry: letters, digits and dashes.
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(definition.type)) {
    throw new Error(`A field plugin type must be a plain id, not "${definition.type}"`);
  }
  // 2. One way to get the widget; heavy plugins load theirs.
  const hasWidget = definition.Widget !== undefined;
  const hasLoader = definition.loadWidget !== undefined;
  if (hasWidget === hasLoader) {
    throw new Error(`Field plugin "${definition.type}" needs exactly one of Widget or loadWidget`);
  }
  const heavy = definition.heavy ?? hasLoader;
  if (heavy && !hasLoader) {
    throw new Error(`Heavy field plugin "${definition.type}" must load its widget on demand`);
  }
  if (definition.inlineWidget && typeof definition.Widget !== 'function') {
    throw new Error(`Field plugin "${definition.type}" can inline only a plain function widget`);
  }
  // 3. Only fields that hold a typed value can be given a sample one.
  if (definition.sampleValue && (definition.displayOnly || definition.computed)) {
    throw new Error(`Field plugin "${definition.type}" holds no typed value to sample`);
  }
  // 4. Defaults, so the runtime calls every hook without checking for it.
  const { ownsLabel } = definition;
  return {
    ...definition,
    validate: definition.validate?.bind(definition) ?? (() => NO_ERRORS),
    sanitize: definition.sanitize?.bind(definition) ?? ((value: unknown) => value as V),
    isEmpty: definition.isEmpty?.bind(definition) ?? isEmptyValue,
    sampleValue: definition.sampleValue?.bind(definition),
    valueTypes:
      typeof definition.valueType === 'string' ? [definition.valueType] : definition.valueType,
    displayOnly: definition.displayOnly ?? false,
    computed: definition.computed ?? false,
    ownsLabel: typeof ownsLabel === 'function' ? ownsLabel : () => ownsLabel ?? false,
    ownsErrors: definition.ownsErrors ?? false,
    heavy,
    inlineWidget: definition.inlineWidget ?? false,
  };
}
