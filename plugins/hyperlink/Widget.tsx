import { observer } from 'mobx-react-lite';
import { interpolateTemplate } from '../../src/core/forms/formula/interpolateTemplate';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { templateFieldIds } from '../../src/core/forms/fields/templateFieldIds';
import { safeUrl } from './safeUrl';

/**
 * A link that opens in a new tab. `${field}` placeholders in the URL are filled with the
 * (URL-encoded) values; an unsafe or missing URL shows its text only.
 */
export const HyperlinkWidget = observer(function HyperlinkWidget({
  inputId,
  text,
  runtime,
}: FieldWidgetProps) {
  const template = typeof text.config.url === 'string' ? text.config.url : '';
  const values: Record<string, string> = {};
  for (const fieldId of templateFieldIds(template)) {
    const value = runtime.host.valueOf(fieldId);
    values[fieldId] =
      value === null || value === undefined ? '' : encodeURIComponent(String(value));
  }
  const url = interpolateTemplate(template, values);
  const href = safeUrl(url, window.location.origin);
  const caption =
    (typeof text.config.displayText === 'string' && text.config.displayText) || text.label || url;
  if (!href) {
    return (
      <span id={inputId} className="tf-link">
        {caption}
      </span>
    );
  }
  return (
    <a id={inputId} className="tf-link" href={href} target="_blank" rel="noopener noreferrer">
      {caption}
    </a>
  );
});
