import { describe, expect, it } from 'vitest';
import { fetchOutside, isPublicAddress } from './outside-fetch';

describe('the outside-fetch blocklist', () => {
  it('refuses IPv4 inside IPv6: ::/96, hex-mapped ::ffff:0:0/96, 6to4 2002::/16 and Teredo 2001::/32 (issue 24)', () => {
    for (const address of [
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::ffff:7f00:1',
      '::ffff:127.0.0.1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001::1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('still allows public addresses, IPv6 ones next to those ranges included', () => {
    for (const address of [
      '8.8.8.8',
      '::ffff:8.8.8.8',
      '2001:4860:4860::8888',
      '2a00:1450:4001::1',
      '2003::1',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('answers a fetch to such an address with "not public"', async () => {
    await expect(
      fetchOutside('http://[2002:7f00:1::]/x', { timeoutMs: 1000, maxBytes: 1000 }),
    ).rejects.toThrow(/not public/);
  });
});
