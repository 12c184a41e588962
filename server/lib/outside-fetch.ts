import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * The one way the server fetches an outside address (image proxy, later the events import):
 * http(s) only, every resolved address public unless `allowPrivate` (IMPORT_ALLOW_PRIVATE=1, for
 * tests), the checked address is the one connected to (no DNS rebinding between check and
 * connect), at most `maxRedirects` redirects each checked again, `timeoutMs` in all, and reading
 * stops past `maxBytes`.
 */
export interface OutsideFetchOptions {
  timeoutMs?: number;
  maxBytes: number;
  allowPrivate?: boolean;
  maxRedirects?: number;
  accept?: string;
}

export interface OutsideResponse {
  status: number;
  contentType: string | null;
  body: Buffer;
  url: string;
}

export type OutsideFetchFailure =
  | 'bad-url'
  | 'private-address'
  | 'timeout'
  | 'too-large'
  | 'network'
  | 'redirects';

export class OutsideFetchError extends Error {
  constructor(
    readonly reason: OutsideFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutsideFetchError';
  }
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  ['100::', 64],
  // Issue 24: IPv4 written inside IPv6 reaches IPv4 hosts the list above keeps out: IPv4-compatible
  // (::/96, deprecated), 6to4 (2002::/16) and Teredo (2001::/32).
  ['::', 96],
  ['2002::', 16],
  ['2001::', 32],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** False for loopback, private, link-local, multicast, reserved and documentation addresses. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !blocked.check(address, 'ipv4');
  if (version === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]);
    // IPv4-mapped in hex form (::ffff:7f00:1) is judged as the IPv4 address it holds.
    const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hex) {
      const [hi, lo] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
      return isPublicAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
    }
    return !blocked.check(address, 'ipv6');
  }
  return false;
}

function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (list.length === 0) return callback(new OutsideFetchError('network', 'no address'), '');
      if (!allowPrivate && list.some((a) => !isPublicAddress(a.address)))
        return callback(new OutsideFetchError('private-address', 'The address is not public'), '');
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

function requestOnce(
  url: URL,
  opts: OutsideFetchOptions,
  signal: AbortSignal,
): Promise<OutsideResponse & { location?: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        lookup: guardedLookup(!!opts.allowPrivate) as never,
        headers: { 'user-agent': 'AirsoftCommunity/1.0', accept: opts.accept ?? '*/*' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({
            status,
            contentType: null,
            body: Buffer.alloc(0),
            url: url.href,
            location: res.headers.location,
          });
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          return reject(new OutsideFetchError('too-large', 'The answer is too large'));
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > opts.maxBytes) {
            res.destroy();
            reject(new OutsideFetchError('too-large', 'The answer is too large'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status,
            contentType: res.headers['content-type'] ?? null,
            body: Buffer.concat(chunks),
            url: url.href,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (err) => {
      if (err instanceof OutsideFetchError) reject(err);
      else if (signal.aborted) reject(new OutsideFetchError('timeout', 'The address did not answer in time'));
      else reject(new OutsideFetchError('network', err.message));
    });
    req.end();
  });
}

function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutsideFetchError('bad-url', 'Not an address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutsideFetchError('bad-url', 'Only http and https addresses are fetched');
  if (url.username || url.password)
    throw new OutsideFetchError('bad-url', 'Addresses with credentials are refused');
  // A literal IP is connected to without a lookup: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowPrivate && !isPublicAddress(host))
    throw new OutsideFetchError('private-address', 'The address is not public');
  return url;
}

export async function fetchOutside(raw: string, opts: OutsideFetchOptions): Promise<OutsideResponse> {
  const signal = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  let url = checkUrl(raw, !!opts.allowPrivate);
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(url, opts, signal).catch((err) => {
      if (signal.aborted && !(err instanceof OutsideFetchError && err.reason !== 'network'))
        throw new OutsideFetchError('timeout', 'The address did not answer in time');
      throw err;
    });
    if (!res.location) return res;
    if (hop >= (opts.maxRedirects ?? 3)) throw new OutsideFetchError('redirects', 'Too many redirects');
    url = checkUrl(new URL(res.location, url).href, !!opts.allowPrivate);
  }
}
