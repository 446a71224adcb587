import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import {
  CombinedTask,
  DESIGNER_CONFIG_SCHEMAS,
  DESIGNER_PREFIX,
  DESIGNER_TYPES_REQUIRING_CONFIG,
  DesignerForm,
  PlainForm,
  type FormKind,
} from '../../../../schemas/forms';
import type { CompileError, CompileParam } from './compileTypes';

const SCHEMAS = { plain: PlainForm, designer: DesignerForm, combined: CombinedTask } as const;
const MAX_ERRORS = 50;
const CONFIG_TYPES: ReadonlySet<string> = new Set(DESIGNER_CONFIG_SCHEMAS.map(([type]) => type));

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
 * Checks a definition against its format's schema and answers the failures as coded
 * errors (`schema.<keyword>` at a JSON pointer); an empty list means it is valid.
 *
 * The per-type config rules of designer fields are `if`/`then` pairs in the published
 * schema, and a validator pays for every `if` that does not match, on every field. The
 * quick path therefore checks the schema without those rules, then each designer field's
 * config against its own type's schema: the same verdict at a fraction of the cost. Only
 * a definition that fails is checked again against the published schema for its errors.
 */
export function validateDefinition(kind: FormKind, definition: unknown): CompileError[] {
  // 1. Quick path: structure, then configs by type.
  const structure = compiled(`${kind}:structure`, () => withoutConfigRules(SCHEMAS[kind]), false);
  if (structure(definition) && designerFieldsOf(kind, definition).every(configIsValid)) return [];
  // 2. Slow path: the published schema, collecting every error.
  const validate = compiled(`${kind}:full`, () => SCHEMAS[kind], true);
  if (validate(definition)) return [];
  // `if` failures only say "the then-branch failed"; that branch's own errors say why.
  return (validate.errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .slice(0, MAX_ERRORS)
    .map(toCompileError);
}

// A deep copy of a schema without the designer field's config rules (an `allOf` whose
// entries all dispatch on a config type).
function withoutConfigRules(schema: object): object {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (typeof node !== 'object' || node === null) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'allOf' && Array.isArray(value) && value.every(isConfigRule)) continue;
      copy[key] = strip(value);
    }
    return copy;
  };
  return strip(schema) as object;
}

function isConfigRule(entry: unknown): boolean {
  const type = (entry as { if?: { properties?: { type?: { const?: unknown } } } }).if?.properties
    ?.type?.const;
  return typeof type === 'string' && CONFIG_TYPES.has(type);
}

interface FieldLike {
  readonly type?: unknown;
  readonly config?: unknown;
}

// Every designer field of a structurally valid definition, inline combined parts included.
function designerFieldsOf(kind: FormKind, definition: unknown): FieldLike[] {
  const ofForm = (form: unknown): FieldLike[] => {
    const { fields, sections } = form as {
      fields?: FieldLike[];
      sections?: { fields: FieldLike[] }[];
    };
    return [...(fields ?? []), ...(sections ?? []).flatMap((section) => section.fields)];
  };
  if (kind === 'designer') return ofForm(definition);
  if (kind === 'plain') return [];
  const forms = (definition as { forms: unknown[] }).forms;
  return forms
    .filter((item) => {
      const { id, ref } = item as { id?: unknown; ref?: unknown };
      return ref === undefined && typeof id === 'string' && id.startsWith(DESIGNER_PREFIX);
    })
    .flatMap(ofForm);
}

// Each config type's validator, found and compiled once: this runs for every field.
const configValidators = new Map<string, ValidateFunction>();

function configIsValid(field: FieldLike): boolean {
  if (typeof field.type !== 'string' || !CONFIG_TYPES.has(field.type)) return true;
  if (field.config === undefined) {
    return !(DESIGNER_TYPES_REQUIRING_CONFIG as ReadonlySet<string>).has(field.type);
  }
  let validate = configValidators.get(field.type);
  if (!validate) {
    const type = field.type;
    const schema = DESIGNER_CONFIG_SCHEMAS.find(([configType]) => configType === type)?.[1];
    if (!schema) return true;
    validate = compiled(`config:${type}`, () => schema, false);
    configValidators.set(type, validate);
  }
  return validate(field.config);
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
