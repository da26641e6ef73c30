import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * What Neon's proxy does, for a plain PostgreSQL server: each WebSocket carries one Postgres wire
 * connection to `?address=host:port`. Lets `@neondatabase/serverless`'s Pool run against the local
 * server (DESIGN.md §6). Test-only: it relays to any address it is asked for.
 */
export async function startNeonRelay() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (ws, request) => {
    const [host, port] = (new URL(request.url ?? '/', 'http://relay').searchParams.get('address') ?? '').split(':');
    const socket = connect({ host, port: Number(port) });
    ws.on('message', (data: Buffer) => socket.write(data));
    socket.on('data', (data) => ws.send(data));
    ws.on('close', () => socket.end());
    socket.on('close', () => ws.close());
    socket.on('error', () => ws.close());
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { address: `127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
