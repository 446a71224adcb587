/** The tenant used when the host name carries none (localhost, an IP address). */
export const DEFAULT_TENANT = 'internal';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The tenant a host name stands for: its first label (`acme.localhost` -> `acme`), or
 * `internal` for a single-label host or an IP address, which name no tenant.
 */
export function tenantFromHost(hostname: string): string {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  // An IPv6 literal arrives bracketed ("[::1]") or bare; either way it holds colons.
  if (host === '' || host.includes(':') || IPV4.test(host)) return DEFAULT_TENANT;
  const labels = host.split('.');
  const first = labels[0];
  if (labels.length < 2 || first === undefined || first === '') return DEFAULT_TENANT;
  return first;
}
