import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import {
  CombinedTask,
  DESIGNER_PREFIX,
  DesignerForm,
  PlainForm,
  type FormKind,
} from '../../../../schemas/forms';
import type { PluginCatalog } from '../plugins/pluginCatalog';
import type { CompileError, CompileParam } from './compileTypes';

const SCHEMAS = { plain: PlainForm, designer: DesignerForm, combined: CombinedTask } as const;
const MAX_ERRORS = 50;

// Validators are compiled on first use and kept: compiling costs milliseconds, checking a
// definition much less. Each has its own instance, because the formats embed one another
// and a validator refuses one $id registered twice.
const cache = new Map<string, ValidateFunction>();

function compiled(key: string, build: () => object, allErrors: boolean): ValidateFunction {
  let validate = cache.get(key);
  if (!validate) {
    const ajv = new Ajv({ allErrors, strict: true, strictRequired: false });
    validate = ajv.compile(build());
    cache.set(key, validate);
  }
  return validate;
}

/**
 * Checks a definition against its format's schema and, for each designer field, its
 * `config` against the schema its type's plugin declares; answers the failures as coded
 * errors (`schema.<keyword>` at a JSON pointer). An empty list means it is valid.
 *
 * The quick path stops at the first failure; only a definition that fails is checked
 * again collecting every error.
 */
export function validateDefinition(
  kind: FormKind,
  definition: unknown,
  catalog: PluginCatalog,
): CompileError[] {
  // 1. Quick path: structure, then configs by type.
  const structure = compiled(`${kind}:quick`, () => SCHEMAS[kind], false);
  const structureValid = structure(definition);
  if (
    structureValid &&
    designerFieldsOf(kind, definition).every(
      ({ field }) => configErrors(field, '', catalog, false).length === 0,
    )
  ) {
    return [];
  }
  // 2. Slow path: every error of the structure, then of each config.
  const errors: ErrorObject[] = [];
  if (!structureValid) {
    const validate = compiled(`${kind}:full`, () => SCHEMAS[kind], true);
    validate(definition);
    errors.push(...(validate.errors ?? []));
  } else {
    for (const { field, path } of designerFieldsOf(kind, definition)) {
      errors.push(...configErrors(field, path, catalog, true));
    }
  }
  return errors.slice(0, MAX_ERRORS).map(toCompileError);
}

interface FieldLike {
  readonly type?: unknown;
  readonly config?: unknown;
}

// Every designer field of a structurally valid definition with its JSON pointer, inline
// combined parts included.
function designerFieldsOf(
  kind: FormKind,
  definition: unknown,
): { field: FieldLike; path: string }[] {
  const ofForm = (form: unknown, at: string) => {
    const { fields, sections } = form as {
      fields?: FieldLike[];
      sections?: { fields: FieldLike[] }[];
    };
    return [
      ...(fields ?? []).map((field, f) => ({ field, path: `${at}/fields/${f}` })),
      ...(sections ?? []).flatMap((section, s) =>
        section.fields.map((field, f) => ({ field, path: `${at}/sections/${s}/fields/${f}` })),
      ),
    ];
  };
  if (kind === 'designer') return ofForm(definition, '');
  if (kind === 'plain') return [];
  const forms = (definition as { forms: unknown[] }).forms;
  return forms.flatMap((item, index) => {
    const { id, ref } = item as { id?: unknown; ref?: unknown };
    const inline = ref === undefined && typeof id === 'string' && id.startsWith(DESIGNER_PREFIX);
    return inline ? ofForm(item, `/forms/${index}`) : [];
  });
}

// Each catalog's config validators by type, compiled once: this runs for every field.
const configValidators = new WeakMap<PluginCatalog, Map<string, ValidateFunction>>();

// A field's config problems: a missing config its type requires, or one its type's schema
// refuses. A type no plugin declares takes any config: it compiles to an unsupported field.
function configErrors(
  field: FieldLike,
  path: string,
  catalog: PluginCatalog,
  allErrors: boolean,
): ErrorObject[] {
  if (typeof field.type !== 'string') return [];
  const type = catalog.designerType(field.type);
  const rules = type === undefined ? undefined : catalog.get(type);
  if (!rules) return [];
  if (field.config === undefined) {
    if (!rules.designerConfigRequired) return [];
    return [
      {
        keyword: 'required',
        instancePath: path,
        schemaPath: '#/required',
        params: { missingProperty: 'config' },
      },
    ];
  }
  const schema = rules.designerConfig;
  if (!schema) return [];
  let validators = configValidators.get(catalog);
  if (!validators) configValidators.set(catalog, (validators = new Map()));
  const key = `${rules.type}:${allErrors ? 'full' : 'quick'}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = new Ajv({ allErrors, strict: true, strictRequired: false }).compile(schema);
    validators.set(key, validate);
  }
  if (validate(field.config)) return [];
  return (validate.errors ?? []).map((error) => ({
    ...error,
    instancePath: `${path}/config${error.instancePath}`,
  }));
}

function toCompileError(error: ErrorObject): CompileError {
  const params: Record<string, CompileParam> = {};
  for (const [name, value] of Object.entries(error.params as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params[name] = value;
    } else if (Array.isArray(value)) {
      params[name] = value.map(String);
    }
  }
  return { code: `schema.${error.keyword}`, path: error.instancePath, params };
}
