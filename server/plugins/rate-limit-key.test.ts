import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './rate-limit';

describe('rateLimitKey', () => {
  it('counts an address as the plugin does (IPv4-mapped IPv6 as IPv4, an IPv6 by its /64)', () => {
    expect(rateLimitKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '2001:db8:1:2:3:4:5:6' })).toBe(
      rateLimitKey({ ip: '2001:db8:1:2:ff:ff:ff:ff' }),
    );
  });

  it('counts a request whose client has gone (no address) under one key instead of throwing', () => {
    expect(rateLimitKey({ ip: undefined })).toBe('gone');
    expect(rateLimitKey({})).toBe('gone');
  });
});
