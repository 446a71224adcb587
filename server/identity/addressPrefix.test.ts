import { describe, expect, it } from 'vitest';
import { addressPrefix } from './addressPrefix';

describe('addressPrefix', () => {
  it('given IPv4 addresses, when grouped, then one /24 is one group, mapped or not', () => {
    expect(addressPrefix('10.1.2.3')).toBe('10.1.2.0/24');
    expect(addressPrefix('::ffff:10.1.2.200')).toBe('10.1.2.0/24');
    expect(addressPrefix('10.1.3.3')).not.toBe(addressPrefix('10.1.2.3'));
  });

  it('given IPv6 addresses, when grouped, then one /64 is one group however it is written', () => {
    expect(addressPrefix('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressPrefix('2001:0DB8:0000:0001:ffff::9')).toBe('2001:db8:0:1::/64');
    expect(addressPrefix('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressPrefix('::1')).toBe('0:0:0:0::/64');
    expect(addressPrefix('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('given something that is no address, when grouped, then it is its own group', () => {
    expect(addressPrefix('unknown')).toBe('unknown');
  });
});
