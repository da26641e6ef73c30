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
 * The caller's IP for rate limits. The client lies, so a forwarding header counts only when the
 * deployment names it in TRUST_PROXY (the Worker entry names `cf-connecting-ip`, which Cloudflare
 * sets and strips from clients); otherwise it is the socket address. Behind a proxy that appends to
 * `x-forwarded-for`, the right-most hop is the one the proxy saw; the left ones are the client's word.
 */
export function clientIp<E extends AppEnv>(c: Context<E>): string {
  const trusted = c.get('deps').config.TRUST_PROXY;
  if (trusted) {
    const value = c.req.header(trusted);
    const hop = trusted === 'x-forwarded-for' ? value?.split(',').at(-1) : value;
    if (hop?.trim()) return normalize(hop);
  }
  return socketAddress(c) ?? 'unknown';
}

/**
 * True only for a caller on this machine: the socket peer (when there is one) and the client
 * address the deployment trusts must both be loopback, so a local reverse proxy does not make
 * every visitor "local".
 */
export function isLoopbackClient(c: Context<AppEnv>): boolean {
  const socket = socketAddress(c);
  if (socket !== undefined && !isLoopbackHost(socket)) return false;
  return isLoopbackHost(clientIp(c));
}
