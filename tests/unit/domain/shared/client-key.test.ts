// The client a limit counts: an IPv4 address, or an IPv6 address's /64, whatever its spelling.
import { describe, expect, it } from 'vitest';
import { clientLimitKey } from '../../../../src/domain/shared/client-key';

describe('clientLimitKey', () => {
  it('keeps an IPv4 address as one client', () => {
    expect(clientLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientLimitKey(' 198.51.100.7 ')).toBe('198.51.100.7');
    expect(clientLimitKey('203.0.113.10')).not.toBe(clientLimitKey('203.0.113.9'));
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const key = clientLimitKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:a1b2:c3d4:e5f6:0789',
      '[2001:db8:1:2::abcd]',
      '2001:db8:1:2::abcd%eth0',
      '2001:db8:1:2:0:0:0.0.0.1',
    ])
      expect(clientLimitKey(address), address).toBe(key);
  });

  it('tells different /64 networks apart', () => {
    expect(clientLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(clientLimitKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientLimitKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientLimitKey('::ffff:c000:0201')).toBe('192.0.2.1');
    expect(clientLimitKey('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('keeps what is not an address as given (lower-cased when it has colons)', () => {
    expect(clientLimitKey('unknown')).toBe('unknown');
    expect(clientLimitKey('emulator-local-client')).toBe('emulator-local-client');
    for (const odd of [
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      'g::1',
      '::ffff:300.1.1.1',
      '12345::1',
    ])
      expect(clientLimitKey(odd), odd).toBe(odd.toLowerCase());
  });
});
