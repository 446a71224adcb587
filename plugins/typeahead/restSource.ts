import type { NormalizedField } from '../../schemas/forms';

/** Where an APS typeahead reads its choices when they are not written in the form. */
export interface TypeaheadRestSource {
  /** The service's address as the author wrote it. */
  readonly restUrl: string;
  /** The path to the list in the service's answer (`data.items`), if any. */
  readonly restResponsePath?: string;
  /** The property of each item that is its value. */
  readonly restIdProperty?: string;
  /** The property of each item that is its label. */
  readonly restLabelProperty?: string;
}

const KEYS = ['restResponsePath', 'restIdProperty', 'restLabelProperty'] as const;

/** The REST settings of a typeahead's normalised `config`, if it has a service address. */
export function typeaheadRestSourceOf(field: NormalizedField): TypeaheadRestSource | undefined {
  const { restUrl } = field.config;
  if (typeof restUrl !== 'string' || restUrl.trim() === '') return undefined;
  const source: Record<string, string> = { restUrl };
  for (const key of KEYS) {
    const value = field.config[key];
    if (typeof value === 'string' && value !== '') source[key] = value;
  }
  return source as unknown as TypeaheadRestSource;
}
