import type { NormalizedForm } from '../../../schemas/forms';
import { compileForm } from '../../../plugins/compiler';

// Shared by the runtime's and the plugins' tests only.

/** A designer field as a test writes it: an id and a type, the rest optional. */
export interface TestField {
  readonly id: string;
  readonly type: string;
  readonly [key: string]: unknown;
}

/** Compiles a one-section designer form of these fields; throws if the compiler refuses it. */
export function designerForm(fields: readonly TestField[], id = 'DSG-test'): NormalizedForm {
  const result = compileForm({ id, name: 'Test form', fields });
  if (!result.form) {
    throw new Error(`test form refused: ${JSON.stringify(result.errors)}`);
  }
  return result.form;
}

/** Compiles any definition (a fixture); throws if the compiler refuses it. */
export function compiled(
  definition: unknown,
  resolveForm?: (ref: string) => unknown,
): NormalizedForm {
  const result = compileForm(definition, resolveForm ? { resolveForm } : {});
  if (!result.form) throw new Error(`definition refused: ${JSON.stringify(result.errors)}`);
  return result.form;
}
