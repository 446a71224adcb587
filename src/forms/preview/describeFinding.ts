import type { CompileFinding } from '../../api/formsApi';

type Translate = (key: string | string[], params?: Record<string, unknown>) => string;

const SCHEMA_PREFIX = 'schema.';

/**
 * The translated sentence for a compiler finding: a warning's code is a key under
 * `forms.warnings.`, a schema error's keyword one under `preview.schema.` (with a general
 * sentence for keywords the locales do not name).
 */
export function describeFinding(finding: CompileFinding, t: Translate): string {
  const params: Record<string, unknown> = { ...finding.params, code: finding.code };
  for (const [name, value] of Object.entries(finding.params)) {
    if (Array.isArray(value)) params[name] = value.map(String).join(', ');
  }
  if (finding.code.startsWith(SCHEMA_PREFIX)) {
    const keyword = finding.code.slice(SCHEMA_PREFIX.length);
    if (Array.isArray(finding.params.allowedValues)) {
      params.allowed = finding.params.allowedValues.map(String).join(', ');
    }
    return t([`preview.schema.${keyword}`, 'preview.schema.other'], params);
  }
  return t([`forms.warnings.${finding.code}`, 'preview.schema.other'], params);
}
