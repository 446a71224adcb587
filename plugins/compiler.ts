import type { JSONSchema7 } from 'json-schema';
import * as core from '../src/core/forms/compiler';
import { fieldValueSchema as coreFieldValueSchema } from '../src/core/forms/compiler/fieldValueSchema';
import type { ValueSchemaOptions } from '../src/core/forms/compiler/fieldValueSchema';
import {
  validateFormValues as coreValidateFormValues,
  type FieldErrors,
  type FormValuesOptions,
} from '../src/core/forms/validation/validateFormValues';
import type {
  CombinedTask,
  DesignerForm,
  FormKind,
  NormalizedField,
  PlainForm,
} from '../schemas/forms';
import { FIELD_CATALOG } from './catalog';

/**
 * The shared core's entry points with the app's field types (`FIELD_CATALOG`) bound in:
 * what the browser, the server and the tools call. The core itself takes a catalog as an
 * argument and imports no plugin; a caller with a catalog of its own (a test's throwaway
 * type) passes it and is used instead.
 */

/** Options of a compile, the catalog optional: the app's by default. */
export type CompileOptions = Omit<core.CompileOptions, 'catalog'> &
  Partial<Pick<core.CompileOptions, 'catalog'>>;

/** `compileForm` of the core, with the app's field types unless the options name others. */
export function compileForm(written: unknown, options: CompileOptions = {}): core.CompileResult {
  return core.compileForm(written, { ...options, catalog: options.catalog ?? FIELD_CATALOG });
}

/** `computeLayout` of the core, with the app's field types. */
export function computeLayout(fields: readonly NormalizedField[]): core.FormLayout {
  return core.computeLayout(fields, FIELD_CATALOG);
}

/** `parsePlainForm` of the core, with the app's field types. */
export function parsePlainForm(definition: PlainForm, fallbackId?: string): core.ParsedForm {
  return core.parsePlainForm(definition, FIELD_CATALOG, fallbackId);
}

/** `parseDesignerForm` of the core, with the app's field types. */
export function parseDesignerForm(definition: DesignerForm): core.ParsedForm {
  return core.parseDesignerForm(definition, FIELD_CATALOG);
}

/** `parseCombinedTask` of the core, with the app's field types. */
export function parseCombinedTask(
  definition: CombinedTask,
  options: { readonly resolveForm?: core.ResolveForm } = {},
): core.ParsedForm {
  return core.parseCombinedTask(definition, { ...options, catalog: FIELD_CATALOG });
}

/** `validateDefinition` of the core, with the app's field types. */
export function validateDefinition(kind: FormKind, definition: unknown): core.CompileError[] {
  return core.validateDefinition(kind, definition, FIELD_CATALOG);
}

/** `fieldValueSchema` of the core, with the app's field types unless the options name others. */
export function fieldValueSchema(
  field: NormalizedField,
  options: Partial<ValueSchemaOptions> = {},
): JSONSchema7 | undefined {
  return coreFieldValueSchema(field, { ...options, catalog: options.catalog ?? FIELD_CATALOG });
}

/** `validateFormValues` of the core, with the app's field types unless the options name others. */
export function validateFormValues(
  fields: Iterable<NormalizedField>,
  values: Readonly<Record<string, unknown>>,
  options: Partial<FormValuesOptions> = {},
): FieldErrors {
  return coreValidateFormValues(fields, values, {
    ...options,
    rulesOf: options.rulesOf ?? FIELD_CATALOG.rulesOf,
  });
}
