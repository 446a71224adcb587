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
import type { FieldPlugin, FieldRuntime } from '../registry/fieldPlugin';
import type { FieldRegistry } from '../registry/FieldRegistry';
import {
  REQUIRED_CODE,
  validationError,
  type ValidationError,
} from '../../core/forms/fields/validationError';
import { checkSchemaKeywords } from '../../core/forms/validation/checkSchemaKeywords';
import { validateFieldValue } from '../../core/forms/validation/validateFormValues';
import { validateFormValues } from '../../../plugins/compiler';

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
 * forbids `unsafe-eval`, which Ajv's code generation needs. Each field is checked by the
 * shared core's `validateFieldValue` with its plugin's rules, the same function the
 * server's save and complete checks run, so both answer the same codes
 * (`validation.required`, `validation.maxLength`) that i18next turns into text. A
 * keystroke checks one field (`validateField`); a submit walks the form.
 */
export class FormValidator implements ValidatorType<unknown, RJSFSchema, FieldRuntime> {
  private readonly rulesOf: (type: string) => FieldPlugin;

  /**
   * @param fields the form's fields by id, in form order (a repeated id once: the first)
   * @param registry the plugins that give each type its rules
   */
  constructor(
    private readonly fields: ReadonlyMap<string, NormalizedField>,
    registry: FieldRegistry,
  ) {
    this.rulesOf = (type) => registry.resolve(type);
  }

  /** Builds a validator over a normalised form's fields. */
  static forForm(form: NormalizedForm, registry: FieldRegistry): FormValidator {
    const fields = new Map<string, NormalizedField>();
    for (const section of form.sections) {
      for (const field of section.fields) if (!fields.has(field.id)) fields.set(field.id, field);
    }
    return new FormValidator(fields, registry);
  }

  /**
   * The errors of one field's raw value on submit: `required` when the plugin finds it
   * empty, otherwise the plugin's rules, then the schema keywords the plugin did not
   * already report (see `validateFieldValue`).
   */
  validateField(fieldId: string, raw: unknown, schema?: JSONSchema7): readonly ValidationError[] {
    const field = this.fields.get(fieldId);
    if (!field) return NONE;
    return validateFieldValue(field, this.rulesOf(field.type), raw, schema ? { schema } : {});
  }

  /** The errors of every field of the form, in form order; fields without errors are absent. */
  validateValues(
    values: Readonly<FormValues>,
    rootSchema?: RJSFSchema,
  ): Map<string, readonly ValidationError[]> {
    const properties = rootSchema?.properties;
    return validateFormValues(this.fields.values(), values, {
      rulesOf: this.rulesOf,
      ...(properties
        ? {
            schemaOf: (fieldId: string) => {
              const property = properties[fieldId];
              return isSchemaObject(property) ? (property as JSONSchema7) : undefined;
            },
          }
        : {}),
    });
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
