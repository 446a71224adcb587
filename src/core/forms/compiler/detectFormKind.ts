import { COMBINED_PREFIX, DESIGNER_PREFIX, type FormKind } from '../../../../schemas/forms';

/**
 * Decides a definition's format from its formKey the way spec 001 says the task page
 * does: `DSG-` designer, `CUT-` combined, anything else a plain (Flowable) form. Accepts
 * the formKey itself or a definition, whose `id`, then `key`, is read.
 */
export function detectFormKind(idOrDefinition: unknown): FormKind {
  const id = formKeyOf(idOrDefinition);
  if (id?.startsWith(DESIGNER_PREFIX)) return 'designer';
  if (id?.startsWith(COMBINED_PREFIX)) return 'combined';
  return 'plain';
}

function formKeyOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, key } = value as { id?: unknown; key?: unknown };
  if (
    typeof id === 'string' &&
    (id.startsWith(DESIGNER_PREFIX) || id.startsWith(COMBINED_PREFIX))
  ) {
    return id;
  }
  return typeof key === 'string' ? key : typeof id === 'string' ? id : undefined;
}
