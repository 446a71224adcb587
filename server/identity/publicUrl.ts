import { isIP } from 'node:net';

/**
 * The public origin of a tenant for links in mails: the tenant's own `base_url` when set,
 * otherwise PUBLIC_URL_TEMPLATE with `{tenant}` and `{port}` filled in. The `internal`
 * tenant has no host label, so for a template on `localhost` or an IP its `{tenant}.` is
 * dropped (`http://{tenant}.localhost:8080` -> `http://localhost:8080`). Never derived from
 * the request's Host, which a caller controls.
 */
export function publicBaseUrl(input: {
  template: string;
  tenant: string;
  baseUrl: string | null;
  port: number;
}): string {
  if (input.baseUrl) return input.baseUrl.replace(/\/+$/, '');
  let template = input.template.replaceAll('{port}', String(input.port));
  if (input.tenant === 'internal') {
    const withoutLabel = template.replaceAll('{tenant}.', '');
    const host = new URL(withoutLabel.replaceAll('{tenant}', 'internal')).hostname;
    if (host === 'localhost' || isIP(host.replace(/^\[|\]$/g, '')) !== 0) template = withoutLabel;
  }
  return template.replaceAll('{tenant}', input.tenant).replace(/\/+$/, '');
}
