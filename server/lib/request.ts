import { BlockList, isIP } from 'node:net';
import type { Request } from '@hapi/hapi';

/**
 * The client address. Behind proxies (TRUST_PROXY) it is read from X-Forwarded-For from the right: each proxy
 * APPENDS the address it was connected from (HAProxy's `option forwardfor`), and whatever is further left came from
 * the client, who can write anything there. So the walk goes past the proxies we trust and stops at the first
 * address that is not one of them. TRUST_PROXY=true trusts the one proxy the app is connected from (deploy/): the
 * header's last entry. A list trusts those addresses and ranges however many in a row (a CDN before HAProxy), and
 * only when the socket's peer is one of them. Without TRUST_PROXY the header is the client's own word and is
 * ignored (rate limits and the bot check key off this address).
 */
export function clientIp(request: Request): string {
  const peer = request.info.remoteAddress;
  const trust = request.server.app.config.trustProxy;
  if (trust === false) return peer;
  const isProxy = trust === true ? () => false : (address: string) => trusted(trust, address);
  if (trust !== true && !isProxy(peer)) return peer;
  const hops = forwardedFor(request.headers['x-forwarded-for']);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!isProxy(hop)) return hop;
  }
  // Every entry one of our proxies: the farthest.
  return hops[0] ?? peer;
}

/** The entries of every X-Forwarded-For header, in order (a repeated header's entries follow the first's). */
function forwardedFor(header: unknown): string[] {
  const lines: unknown[] = Array.isArray(header) ? header : [header];
  return lines
    .filter((line): line is string => typeof line === 'string')
    .flatMap((line) => line.split(',').map((e) => e.trim()))
    .filter(Boolean);
}

const lists = new WeakMap<string[], BlockList>();

/** Whether `address` is in the TRUST_PROXY list (addresses and CIDR ranges, IPv4-mapped IPv6 as IPv4). */
function trusted(list: string[], address: string): boolean {
  let block = lists.get(list);
  if (!block) {
    block = new BlockList();
    for (const entry of list) {
      const [net = '', prefix] = entry.split('/');
      const family = isIP(net) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) block.addAddress(net, family);
      else block.addSubnet(net, Number(prefix), family);
    }
    lists.set(list, block);
  }
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain);
  return family !== 0 && block.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * A path parameter of a route that has no params schema (the payment sandboxes, which speak the providers'
 * protocols): hapi gives the matched segment as a string.
 */
export function pathParam(request: Pick<Request, 'params'>, name: string): string {
  const value: unknown = request.params[name];
  if (typeof value !== 'string') throw new Error(`no path parameter ${name}`);
  return value;
}
