import type { PlainField } from '../../schemas/forms';
import type {
  PlainFieldReading,
  PlainReading,
} from '../../src/core/forms/plugins/defineFieldRules';

/** The REST settings of an APS typeahead, kept in its `config`. */
const TYPEAHEAD_REST_KEYS = [
  'restUrl',
  'restResponsePath',
  'restIdProperty',
  'restLabelProperty',
] as const;

/**
 * An APS / Flowable `typeahead`: its REST source (APS writes it at the top level,
 * Flowable's modeler in `params`) is kept in `config`; a form only offers the choices
 * written in it, so a REST URL is warned about (`typeahead.restSourceNotConfigured`).
 */
export function typeaheadFromPlain(source: PlainField, reading: PlainReading): PlainFieldReading {
  const config: Record<string, unknown> = {};
  for (const key of TYPEAHEAD_REST_KEYS) {
    const setting = (source as Record<string, unknown>)[key] ?? source.params?.[key];
    if (typeof setting === 'string' && setting !== '') config[key] = setting;
  }
  if (typeof config.restUrl === 'string') {
    const where = (source as { restUrl?: unknown }).restUrl != null ? '' : '/params';
    reading.warn({
      code: 'typeahead.restSourceNotConfigured',
      path: `${reading.path}${where}/restUrl`,
      params: { fieldId: reading.fieldId, url: config.restUrl },
    });
  }
  return { config };
}
