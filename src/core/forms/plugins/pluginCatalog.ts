import type { JSONSchema7 } from 'json-schema';
import { defineFieldRules, type FieldRules } from './defineFieldRules';

/** The type the compiler gives fields whose written type no plugin knows. */
export const UNSUPPORTED_TYPE = 'unsupported';

/**
 * The rules of any type without a plugin. It holds no value and checks nothing: the user
 * cannot fill it in, so it must not stop them from saving the rest of the form.
 */
export const unsupportedRules: FieldRules<null> = defineFieldRules({
  type: UNSUPPORTED_TYPE,
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
});

/**
 * Every field type the plugin folders declare, read once: what the compiler maps each
 * format's type names to, each type's traits and value type, and its rules for the
 * browser's validation and the server's save check. Nothing here is written by hand:
 * a new folder under `plugins/` is a new type everywhere.
 */
export interface PluginCatalog {
  /** The plugins' types in folder order, then `unsupported`. */
  readonly types: readonly string[];
  /** The rules of a type, or `undefined` when no plugin declares it. */
  get(type: string): FieldRules | undefined;
  /** The rules of a type, or the unsupported type's rules (no value, no checks). */
  rulesOf(type: string): FieldRules;
  /** The plugin type a Flowable form-model type name stands for, if any. */
  plainType(name: string): string | undefined;
  /** The plugin type a designer type name stands for, if any. */
  designerType(name: string): string | undefined;
  /** Each type's designer `config` schema, for the types that read a config. */
  readonly designerConfigSchemas: ReadonlyMap<string, JSONSchema7>;
}

/** Where a plugin's rules module sits: `…/plugins/<type>/rules.ts`. */
const RULES_PATH = /(?:^|\/)plugins\/([^/]+)\/rules\.ts$/;

/**
 * Builds the catalog from plugin rules modules by path, the shape `import.meta.glob`
 * answers (`{ '/plugins/text/rules.ts': rules }`) and the generated index holds. The
 * folder is the type id (house style), so a copied folder cannot shadow another; two
 * plugins answering to one format name throw.
 */
export function createPluginCatalog(
  modules: Readonly<Record<string, FieldRules | undefined>>,
): PluginCatalog {
  const byType = new Map<string, FieldRules>();
  const plain = new Map<string, string>();
  const designer = new Map<string, string>();
  const configs = new Map<string, JSONSchema7>();
  const claim = (names: Map<string, string>, name: string, type: string, format: string) => {
    const taken = names.get(name);
    if (taken !== undefined && taken !== type) {
      throw new Error(`The ${format} type "${name}" is claimed by both ${taken} and ${type}`);
    }
    names.set(name, type);
  };
  // 1. Each folder's rules, checked against the folder's name.
  for (const path of Object.keys(modules).sort()) {
    const rules = modules[path];
    const folder = RULES_PATH.exec(path)?.[1];
    if (!rules) throw new Error(`${path} has no default export`);
    if (folder !== rules.type) {
      throw new Error(`${path} declares type "${rules.type}"; the folder must be named after it`);
    }
    if (rules.type === UNSUPPORTED_TYPE)
      throw new Error(`${path}: "${UNSUPPORTED_TYPE}" is reserved`);
    byType.set(rules.type, rules);
  }
  // 2. The formats' names: a plugin answers to its own id in a designer form, and to the
  //    aliases it lists; Flowable's names only where it lists them.
  for (const rules of byType.values()) {
    claim(designer, rules.type, rules.type, 'designer');
    for (const alias of rules.designerAliases) claim(designer, alias, rules.type, 'designer');
    for (const alias of rules.plainAliases) claim(plain, alias, rules.type, 'Flowable');
    if (rules.designerConfig) configs.set(rules.type, rules.designerConfig);
  }
  const types = [...byType.keys(), UNSUPPORTED_TYPE];
  return {
    types,
    get: (type) => byType.get(type),
    rulesOf: (type) => byType.get(type) ?? unsupportedRules,
    plainType: (name) => plain.get(name),
    designerType: (name) => designer.get(name),
    designerConfigSchemas: configs,
  };
}
