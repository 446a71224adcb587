import type { RegistryWidgetsType } from '@rjsf/utils';
import type { NormalizedForm } from '../../../schemas/forms';
import { connectPlugin } from './connectPlugin';
import type { FieldPlugin } from './fieldPlugin';
import type { RegistryWarning } from '../../core/forms/fields/registryWarning';
import { UNSUPPORTED_TYPE, unsupportedPlugin } from './unsupportedPlugin';

/**
 * The field types a form can render, each supplied by one plugin. Plugins under
 * `plugins/*` are registered by `createFieldRegistry`; `register` is public so tests and
 * host pages can add their own. An unknown type resolves to the "unsupported field"
 * plugin, which renders a visible box, so a user-made form never blanks the page.
 */
export class FieldRegistry {
  private readonly plugins = new Map<string, FieldPlugin>();
  private widgetMap: RegistryWidgetsType | null = null;

  constructor() {
    this.register(unsupportedPlugin);
  }

  /** Adds a plugin; a second plugin for a type already taken throws. */
  register(plugin: FieldPlugin): void {
    if (this.plugins.has(plugin.type)) {
      throw new Error(`A field plugin for type "${plugin.type}" is already registered`);
    }
    this.plugins.set(plugin.type, plugin);
    this.widgetMap = null;
  }

  /** Whether a plugin renders this type. */
  has(type: string): boolean {
    return this.plugins.has(type);
  }

  /** The plugin of a type, or `undefined`. */
  get(type: string): FieldPlugin | undefined {
    return this.plugins.get(type);
  }

  /** The plugin of a type, or the unsupported-field plugin when no plugin knows it. */
  resolve(type: string): FieldPlugin {
    return this.plugins.get(type) ?? unsupportedPlugin;
  }

  /** Every registered type, in registration order. */
  types(): string[] {
    return [...this.plugins.keys()];
  }

  /**
   * rjsf's `widgets` map: each type's widget by name, so `ui:widget: '<type>'` resolves to
   * it. Built once and kept until a plugin is added, so rjsf sees the same components.
   */
  widgets(): RegistryWidgetsType {
    if (this.widgetMap) return this.widgetMap;
    const map: RegistryWidgetsType = {};
    for (const plugin of this.plugins.values()) map[plugin.type] = connectPlugin(plugin);
    this.widgetMap = map;
    return map;
  }

  /**
   * The problems of a compiled form that only the registry can see: types without a
   * plugin (rendered as the unsupported box) and value types a plugin does not take.
   */
  check(form: NormalizedForm): RegistryWarning[] {
    const warnings: RegistryWarning[] = [];
    form.sections.forEach((section, s) => {
      section.fields.forEach((field, f) => {
        const path = `/sections/${s}/fields/${f}`;
        const plugin = this.plugins.get(field.type);
        if (!plugin) {
          warnings.push({
            code: 'field.unsupportedType',
            path: `${path}/type`,
            params: { fieldId: field.id, type: field.type },
          });
        } else if (
          field.type !== UNSUPPORTED_TYPE &&
          !plugin.valueTypes.includes(field.valueType)
        ) {
          warnings.push({
            code: 'field.valueTypeMismatch',
            path: `${path}/valueType`,
            params: { fieldId: field.id, type: field.type, valueType: field.valueType },
          });
        }
      });
    });
    return warnings;
  }
}
