import type { Selectable } from 'kysely';
import type { FormKind, LocalizedText } from '../../schemas/forms';
import { detectFormKind, type CompileError } from '../../src/core/forms/compiler';
import type { FormDefinitionsTable } from './formTables';
import { compileForm } from '../../plugins/compiler';

/** One stored version of a form definition. */
export interface StoredForm {
  readonly tenant: string;
  readonly id: string;
  readonly kind: FormKind;
  readonly version: number;
  readonly definition: Readonly<Record<string, unknown>>;
  readonly createdAt: Date;
}

/** A `form_definitions` row as the API and the compiler use it. */
export function toStoredForm(row: Selectable<FormDefinitionsTable>): StoredForm {
  return {
    tenant: row.tenant,
    id: row.id,
    kind: row.kind,
    version: row.version,
    definition: row.definition,
    createdAt: row.created_at,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A name as the API answers it: a string, or the `en`/`es`/`fr` strings of a per-locale
 * map; anything else (a Flowable form without a name) is null.
 */
export function localizedNameOf(value: unknown): LocalizedText | null {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return null;
  const entries = (['en', 'es', 'fr'] as const)
    .filter((locale) => typeof value[locale] === 'string')
    .map((locale) => [locale, value[locale] as string] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** The display name of a definition: its `name`, or a modeler export's `formDefinition.name`. */
export function formNameOf(definition: unknown): LocalizedText | null {
  if (!isRecord(definition)) return null;
  const own = localizedNameOf(definition.name);
  if (own !== null) return own;
  return isRecord(definition.formDefinition)
    ? localizedNameOf(definition.formDefinition.name)
    : null;
}

/**
 * The form id (formKey) a definition is stored under: a designer form's or combined
 * task's `id`; a plain form's `key` (Flowable ids are often database uuids), its body's
 * `key`, then its `id`; `fallback` (the file name) when it names none.
 */
export function formIdOf(definition: unknown, kind: FormKind, fallback: string): string {
  if (!isRecord(definition)) return fallback;
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value.trim() !== '' ? value : undefined;
  if (kind !== 'plain') return text(definition.id) ?? fallback;
  const body = isRecord(definition.formDefinition) ? definition.formDefinition : {};
  return text(definition.key) ?? text(body.key) ?? text(definition.id) ?? fallback;
}

/** What `checkStorableForm` found: the id and kind to store under, or why not. */
export type StorableForm =
  | { readonly ok: true; readonly id: string; readonly kind: FormKind }
  | { readonly ok: false; readonly errors: readonly CompileError[] };

/**
 * Whether a definition may be stored: it must be a JSON object that its format's schema
 * accepts (warnings are fine: the task page still renders). The kind follows the id's
 * prefix, as the task page chooses it from the formKey, so a file whose id and format
 * disagree is refused rather than stored under a kind no task would render.
 */
export function checkStorableForm(definition: unknown, fallbackId: string): StorableForm {
  if (!isRecord(definition)) {
    return { ok: false, errors: [{ code: 'schema.type', path: '', params: { type: 'object' } }] };
  }
  const detected = detectFormKind(definition);
  const id = formIdOf(definition, detected, fallbackId);
  const kind = detectFormKind(id);
  const result = compileForm(definition, { kind, formId: id });
  if (!result.form) return { ok: false, errors: result.errors };
  return { ok: true, id, kind };
}
