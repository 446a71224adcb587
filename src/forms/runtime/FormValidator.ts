import type {
  CustomValidator,
  ErrorSchema,
  ErrorTransformer,
  RJSFSchema,
  RJSFValidationError,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import { createErrorHandler, unwrapErrorHandler, validationDataMerge } from '@rjsf/utils';
import type { JSONSchema7 } from 'json-schema';
import type { NormalizedField, NormalizedForm } from '../../../schemas/forms';
import { fieldValueSchema } from '../../core/forms/compiler/fieldValueSchema';
import { PATTERN_CODE, patternErrorParams } from '../../core/forms/compiler/patternExample';
import type { FieldPlugin, FieldRuntime } from '../registry/fieldPlugin';
import type { FieldRegistry } from '../registry/FieldRegistry';
import {
  REQUIRED_CODE,
  validationError,
  type ValidationError,
} from '../../core/forms/fields/validationError';
import { checkSchemaKeywords } from './checkSchemaKeywords';

/** Field values by field id, as the form holds them. */
export type FormValues = Record<string, unknown>;

/** The errors of every field that has any, by field id, in form order. */
export type FieldErrorMap = ReadonlyMap<string, readonly ValidationError[]>;

const NONE: readonly ValidationError[] = Object.freeze([]);

function isSchemaObject(value: unknown): value is JSONSchema7 {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The form's validator, an rjsf `ValidatorType` that compiles nothing: the server's CSP
 * forbids `unsafe-eval`, which Ajv's code generation needs. It walks the normalised form
 * and, for each field, runs the plugin's own rules and the basic keywords of the field's
 * schema, answering codes (`validation.required`, `validation.maxLength`) that i18next
 * turns into text.
 */
export class FormValidator implements ValidatorType<unknown, RJSFSchema, FieldRuntime> {
  // Each field's value schema, built the first time the field is validated: nothing is
  // spent on validation while a large form mounts.
  private readonly schemas = new Map<string, JSONSchema7 | undefined>();

  /**
   * @param fields the form's fields by id, in form order (a repeated id once: the first)
   * @param registry the plugins that give each type its rules
   */
  constructor(
    private readonly fields: ReadonlyMap<string, NormalizedField>,
    private readonly registry: FieldRegistry,
  ) {}

  /** Builds a validator over a normalised form's fields. */
  static forForm(form: NormalizedForm, registry: FieldRegistry): FormValidator {
    const fields = new Map<string, NormalizedField>();
    for (const section of form.sections) {
      for (const field of section.fields) if (!fields.has(field.id)) fields.set(field.id, field);
    }
    return new FormValidator(fields, registry);
  }

  private schemaOf(field: NormalizedField, plugin: FieldPlugin): JSONSchema7 | undefined {
    if (plugin.displayOnly || plugin.computed) return undefined;
    if (!this.schemas.has(field.id)) this.schemas.set(field.id, fieldValueSchema(field));
    return this.schemas.get(field.id);
  }

  /**
   * The errors of one field's raw value: `required` when the plugin finds it empty,
   * otherwise the plugin's rules, then the schema keywords the plugin did not already
   * report. A plugin's specific code (`validation.number`) stands in for a type error.
   */
  validateField(fieldId: string, raw: unknown, schema?: JSONSchema7): readonly ValidationError[] {
    const field = this.fields.get(fieldId);
    if (!field) return NONE;
    const plugin = this.registry.resolve(field.type);
    if (plugin.displayOnly) return NONE;
    const required = field.required && !plugin.computed;
    // 1. Sanitise: typed text becomes the value that would be saved.
    const value = plugin.sanitize(raw, field);
    // 2. Empty: only `required` applies.
    if (plugin.isEmpty(value)) return required ? [validationError(REQUIRED_CODE)] : NONE;
    // 3. The plugin's own rules.
    const errors = [...plugin.validate(value, field)];
    // 4. The schema's basic keywords, without repeating a code.
    const keywords = schema ?? this.schemaOf(field, plugin);
    if (keywords && !plugin.computed) {
      const seen = new Set(errors.map((error) => error.code));
      for (const error of checkSchemaKeywords(value, keywords)) {
        if (seen.has(error.code) || (error.code === 'validation.type' && errors.length > 0))
          continue;
        seen.add(error.code);
        // A pattern error names the expected format when the field shows one.
        errors.push(
          error.code === PATTERN_CODE
            ? validationError(PATTERN_CODE, { ...error.params, ...patternErrorParams(field) })
            : error,
        );
      }
    }
    return errors.length > 0 ? errors : NONE;
  }

  /** The errors of every field of the form, in form order; fields without errors are absent. */
  validateValues(
    values: Readonly<FormValues>,
    rootSchema?: RJSFSchema,
  ): Map<string, readonly ValidationError[]> {
    const result = new Map<string, readonly ValidationError[]>();
    for (const fieldId of this.fields.keys()) {
      const property = rootSchema?.properties?.[fieldId];
      const errors = this.validateField(
        fieldId,
        Object.hasOwn(values, fieldId) ? values[fieldId] : undefined,
        isSchemaObject(property) ? (property as JSONSchema7) : undefined,
      );
      if (errors.length > 0) result.set(fieldId, errors);
    }
    return result;
  }

  /** rjsf's entry point: the same walk, as rjsf's error list and error schema. */
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator<unknown, RJSFSchema, FieldRuntime>,
    transformErrors?: ErrorTransformer<unknown, RJSFSchema, FieldRuntime>,
    uiSchema?: UiSchema<unknown, RJSFSchema, FieldRuntime>,
  ): ValidationData<unknown> {
    const data: FormValues = isRecord(formData) ? formData : {};
    let errors: RJSFValidationError[] = [];
    for (const [fieldId, fieldErrors] of this.validateValues(data, schema)) {
      for (const error of fieldErrors) {
        errors.push({
          name: error.code,
          message: error.code,
          params: error.params,
          property: `.${fieldId}`,
          schemaPath: `#/properties/${fieldId}`,
          stack: `${fieldId}: ${error.code}`,
        });
      }
    }
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toFieldErrorSchema(errors);
    if (!customValidate) return { errors, errorSchema };
    const handler = customValidate(
      data,
      createErrorHandler<FormValues>(data),
      uiSchema,
      errorSchema,
    );
    return validationDataMerge<FormValues>({ errors, errorSchema }, unwrapErrorHandler(handler));
  }

  /**
   * Whether data fits a schema, for rjsf's own choices between `oneOf` / `anyOf` options.
   * Checks the basic keywords of the value and, one level down, `required` and each
   * property's keywords.
   */
  isValid(schema: RJSFSchema, formData: unknown, _rootSchema: RJSFSchema): boolean {
    return this.rawValidation(schema, formData).errors.length === 0;
  }

  /** The keyword check of any schema and value, as a list of codes. */
  rawValidation<Result = ValidationError>(
    schema: RJSFSchema,
    formData?: unknown,
  ): { errors: Result[]; validationError?: Error } {
    const errors: ValidationError[] = checkSchemaKeywords(formData, schema as JSONSchema7);
    if (errors.length === 0 && isRecord(formData)) {
      for (const name of schema.required ?? []) {
        if (formData[name] === undefined)
          errors.push(validationError(REQUIRED_CODE, { property: name }));
      }
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (isSchemaObject(property) && formData[name] !== undefined) {
          errors.push(...checkSchemaKeywords(formData[name], property as JSONSchema7));
        }
      }
    }
    return { errors: errors as Result[] };
  }
}

// `{ fieldId: { __errors: [code, ...] } }`, written directly because field ids may hold
// characters (`-`, `.`) that a property-path parser would split.
function toFieldErrorSchema(errors: readonly RJSFValidationError[]): ErrorSchema<unknown> {
  const schema: Record<string, { __errors: string[] }> = {};
  for (const error of errors) {
    const fieldId = error.property?.startsWith('.') ? error.property.slice(1) : error.property;
    if (!fieldId) continue;
    (schema[fieldId] ??= { __errors: [] }).__errors.push(error.message ?? error.stack);
  }
  return schema as ErrorSchema<unknown>;
}
