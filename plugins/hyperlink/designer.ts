import { isAllowedLinkTemplate } from '../../src/core/forms/compiler/linkUrl';
import type {
  DesignerFieldReading,
  DesignerReading,
} from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A designer `hyperlink`'s config: a `url` that is not http, https or mailto could run
 * script, so it is dropped with a `field.unsafeUrl` warning, and the widget shows its text
 * only.
 */
export function hyperlinkFromDesigner(
  config: Readonly<Record<string, unknown>>,
  reading: DesignerReading,
): DesignerFieldReading {
  const { url } = config;
  if (typeof url !== 'string' || isAllowedLinkTemplate(url)) return {};
  reading.warn({ code: 'field.unsafeUrl', path: `${reading.path}/config/url`, params: { url } });
  const safe: Record<string, unknown> = { ...config };
  delete safe.url;
  return { config: safe };
}
