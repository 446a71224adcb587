import { isIPv4, isIPv6 } from 'node:net';

/** An IPv4 address, bare or mapped into IPv6 (`::ffff:10.0.0.1`, as dual-stack sockets report it). */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, or undefined when it does not parse. */
function ipv6Groups(address: string): string[] | undefined {
  const bare = address.split('%')[0] ?? '';
  const halves = bare.split('::');
  if (halves.length > 2) return undefined;
  const part = (text: string | undefined): string[] =>
    !text
      ? []
      : text.split(':').flatMap((group) => {
          // A trailing dotted quad stands for the last two groups.
          if (!group.includes('.')) return [group];
          const bytes = group.split('.').map(Number);
          return [
            (((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)).toString(16),
            (((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)).toString(16),
          ];
        });
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  return [...head, ...Array<string>(missing).fill('0'), ...tail].map((group) =>
    group.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}

/**
 * The network a client address belongs to for fair sharing: its IPv4 /24 or its IPv6 /64.
 * One host, or one customer of a provider, usually holds a whole /64, and many addresses of
 * one /24 are usually one operator, so counting by prefix keeps a flood that rotates
 * addresses inside its own network from looking like many people. Anything else (a name
 * that is no address) is its own group.
 */
export function addressPrefix(address: string): string {
  const ipv4 = MAPPED_IPV4.exec(address)?.[1] ?? (isIPv4(address) ? address : undefined);
  if (ipv4) return `${ipv4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address.split('%')[0] ?? '')) return address;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}
