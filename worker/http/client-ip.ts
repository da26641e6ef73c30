import type { Context } from 'hono';
import { isLoopbackHost } from '../env';
import type { AppEnv } from './hono-env';

/**
 * What the Node server (`@hono/node-server`, scripts/lib/node-server.ts) hands the app as `c.env`:
 * the request's socket. Absent on Workers, where the runtime gives no socket.
 */
interface NodeConnectionEnv {
  incoming?: { socket?: { remoteAddress?: string; localPort?: number } };
}

const socketOf = (c: Context) => (c.env as NodeConnectionEnv | undefined)?.incoming?.socket;

/** `::ffff:203.0.113.7` (IPv4 on a dual-stack socket) is the same client as `203.0.113.7`. */
const normalize = (address: string) =>
  address
    .trim()
    .replace(/^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i, '$1')
    .toLowerCase();

/** The TCP peer of this request (Node server only); never a header. */
export function socketAddress(c: Context): string | undefined {
  const address = socketOf(c)?.remoteAddress;
  return address ? normalize(address) : undefined;
}

/** The port this Node server really listens on (the socket's local port), when there is a socket. */
export function listeningPort(c: Context): number | undefined {
  return socketOf(c)?.localPort;
}

/**
 * The caller's address. The client lies, so a forwarding header counts only when the deployment
 * names it in TRUST_PROXY (the Worker entry names `cf-connecting-ip`, which Cloudflare sets and
 * strips from clients); otherwise it is the socket address. Behind a proxy that appends to
 * `x-forwarded-for`, the right-most hop is the one the proxy saw; the left ones are the client's word.
 */
export function clientAddress<E extends AppEnv>(c: Context<E>): string {
  const trusted = c.get('deps').config.TRUST_PROXY;
  if (trusted) {
    const value = c.req.header(trusted);
    const hop = trusted === 'x-forwarded-for' ? value?.split(',').at(-1) : value;
    if (hop?.trim()) return normalize(hop);
  }
  return socketAddress(c) ?? 'unknown';
}

/**
 * The caller as rate limits and per-client code ownership count it: an IPv4 address, or the /64
 * an IPv6 address lies in. One subscriber is handed a whole /64 (RFC 6177), so keying on the full
 * address would give anyone 2^64 fresh limit windows, and the owner's own privacy addresses
 * (RFC 8981), which rotate within the /64, would look like strangers to their codes.
 */
export function clientNetwork<E extends AppEnv>(c: Context<E>): string {
  const address = clientAddress(c);
  if (!address.includes(':') || isLoopbackHost(address)) return address;
  return ipv6Network(address) ?? address;
}

/** The first 64 bits of an IPv6 address, written `2001:db8:0:1::/64`; undefined when it does not parse. */
export function ipv6Network(address: string): string | undefined {
  // A zone (`%eth0`) names an interface, not a network; an IPv4 tail sits in the last 32 bits.
  const bare = address.replace(/%.*$/, '').replace(/(\d{1,3}\.){3}\d{1,3}$/, '0:0');
  const halves = bare.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves[1] ? halves[1].split(':') : [];
  const elided = 8 - head.length - tail.length;
  if (halves.length === 1 ? elided !== 0 : elided < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? elided : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * True only for a caller on this machine: the socket peer (when there is one) and the client
 * address the deployment trusts must both be loopback, so a local reverse proxy does not make
 * every visitor "local".
 */
export function isLoopbackClient(c: Context<AppEnv>): boolean {
  const socket = socketAddress(c);
  if (socket !== undefined && !isLoopbackHost(socket)) return false;
  return isLoopbackHost(clientAddress(c));
}
