import { defineFieldRules, isEmptyValue } from '../../core/forms/plugins/defineFieldRules';
import type { FieldPlugin, FieldPluginDefinition } from './fieldPlugin';

export { isEmptyValue };

/**
 * Declares a field plugin: a folder's pure rules and its widget. A plugin folder's
 * `index.ts` default-exports the result:
 *
 * ```ts
 * export default defineFieldPlugin({ ...rules, Widget: TextWidget, inlineWidget: true });
 * ```
 *
 * It checks the rules as `defineFieldRules` does and the widget (exactly one of `Widget`
 * or `loadWidget`, the latter for heavy plugins), and fills in the defaults, so the
 * runtime calls every hook without testing for it.
 */
export function defineFieldPlugin<V>(definition: FieldPluginDefinition<V>): FieldPlugin<V> {
  // 1. The rules: a type id, value types, hooks with their defaults.
  const rules = defineFieldRules(definition);
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
  // 3. The view's defaults.
  const { ownsLabel } = definition;
  return {
    ...rules,
    ownsLabel: typeof ownsLabel === 'function' ? ownsLabel : () => ownsLabel ?? false,
    ownsErrors: definition.ownsErrors ?? false,
    heavy,
    inlineWidget: definition.inlineWidget ?? false,
  };
}
