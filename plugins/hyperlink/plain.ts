import type { PlainField } from '../../schemas/forms';
import { isAllowedLinkTemplate, withLinkScheme } from '../../src/core/forms/compiler/linkUrl';
import type {
  PlainFieldReading,
  PlainReading,
} from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A Flowable `hyperlink`: its URL (`hyperlinkUrl` at the top level or in `params`, else its
 * value) as APS opens it, and its display text. A URL that is not http, https or mailto
 * (`javascript:`, `data:`) could run script: it is dropped, with a `field.unsafeUrl` warning.
 */
export function hyperlinkFromPlain(source: PlainField, reading: PlainReading): PlainFieldReading {
  const written = writtenLinkOf(source);
  // A link written without a scheme opens as APS opens it (see `withLinkScheme`).
  const url = written === undefined ? undefined : withLinkScheme(written);
  const safe = url !== undefined && isAllowedLinkTemplate(url);
  const config: Record<string, unknown> = {};
  if (safe) config.url = url;
  const text = source.displayText ?? source.params?.displayText;
  if (typeof text === 'string' && text !== '') config.displayText = text;
  if (written !== undefined && !safe) {
    const where =
      source.hyperlinkUrl != null
        ? '/hyperlinkUrl'
        : source.params?.hyperlinkUrl != null
          ? '/params/hyperlinkUrl'
          : '/value';
    reading.warn({
      code: 'field.unsafeUrl',
      path: `${reading.path}${where}`,
      params: { url: written },
    });
  }
  return { config };
}

// A hyperlink's URL as its author wrote it.
function writtenLinkOf(source: PlainField): string | undefined {
  const url = source.hyperlinkUrl ?? source.params?.hyperlinkUrl ?? source.value;
  return typeof url === 'string' ? url : undefined;
}
