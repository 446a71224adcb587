import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileForm } from '../../../../../plugins/compiler';
import { NormalizedForm, type NormalizedField } from '../../../../../schemas/forms';
import type { CompileWarning } from '../compileTypes';

// Shared by the compiler's tests only: fixture loading and the normalised-form check.

// Vitest defines __dirname in every environment; plain ESM (tsx) has only import.meta.url.
const HERE =
  typeof __dirname === 'string' ? __dirname : fileURLToPath(new URL('.', import.meta.url));
const FIXTURES = join(HERE, '..', '..', '..', '..', '..', 'fixtures', 'forms');

/** Reads a fixture of `fixtures/forms` by file name. */
export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as unknown;
}

/** Resolves combined-task references from the fixtures folder, as the CLI does. */
export function fixtureResolver(ref: string): unknown {
  try {
    return loadFixture(`${ref}.json`);
  } catch {
    return undefined;
  }
}

const validateNormalized = new Ajv({
  allErrors: true,
  strict: true,
  strictRequired: false,
}).compile(NormalizedForm);

/** The schema errors of a normalised form; an empty list when it is valid. */
export function normalizedFormErrors(form: unknown): string[] {
  if (validateNormalized(form)) return [];
  return (validateNormalized.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/**
 * Compiles a Flowable form model of one field, `written` over `{ id: 'f', name: 'F' }`
 * (so its warnings' paths start with `/fields/0`): the field as normalised, and the
 * warnings.
 */
export function compilePlainField(written: Readonly<Record<string, unknown>>): {
  field: NormalizedField;
  warnings: readonly CompileWarning[];
} {
  const result = compileForm({ key: 'one-field', fields: [{ id: 'f', name: 'F', ...written }] });
  const field = result.form?.sections[0]?.fields[0];
  if (!field) throw new Error(`not compiled: ${JSON.stringify(result.errors)}`);
  return { field, warnings: result.warnings };
}
