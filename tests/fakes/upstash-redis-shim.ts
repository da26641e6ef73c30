import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

/**
 * Upstash's REST API over a local Redis server (serverless-redis-http is not on npm): POST `/` with
 * one command as a JSON array, `/pipeline` and `/multi-exec` with an array of them, answered as
 * `{ result }` / `[{ result }]`, strings base64 when the client asks (`Upstash-Encoding: base64`).
 * Speaks RESP to Redis itself, one connection per HTTP request.
 */
type Reply = string | number | null | Reply[] | { error: string };

function encode(command: unknown[]): string {
  return `*${command.length}\r\n${command.map((part) => `$${Buffer.byteLength(String(part))}\r\n${String(part)}\r\n`).join('')}`;
}

/** Parses one RESP reply at `offset`; returns it and the next offset, or null while incomplete. */
function parse(buffer: Buffer, offset: number): [Reply, number] | null {
  const end = buffer.indexOf('\r\n', offset);
  if (end < 0) return null;
  const line = buffer.toString('utf8', offset + 1, end);
  const next = end + 2;
  switch (String.fromCharCode(buffer[offset]!)) {
    case '+':
      return [line, next];
    case '-':
      return [{ error: line }, next];
    case ':':
      return [Number(line), next];
    case '$': {
      const length = Number(line);
      if (length < 0) return [null, next];
      return buffer.length < next + length + 2 ? null : [buffer.toString('utf8', next, next + length), next + length + 2];
    }
    default: {
      const items: Reply[] = [];
      let at = next;
      for (let i = 0; i < Number(line); i++) {
        const item = parse(buffer, at);
        if (!item) return null;
        items.push(item[0]);
        at = item[1];
      }
      return [Number(line) < 0 ? null : items, at];
    }
  }
}

function redisCommands(redis: { host: string; port: number }, commands: unknown[][]): Promise<Reply[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(redis, () => socket.write(commands.map(encode).join('')));
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      const replies: Reply[] = [];
      let at = 0;
      while (replies.length < commands.length) {
        const parsed = parse(buffer, at);
        if (!parsed) return;
        replies.push(parsed[0]);
        at = parsed[1];
      }
      socket.end();
      resolve(replies);
    });
    socket.on('error', reject);
  });
}

const toJson = (reply: Reply, base64: boolean): unknown =>
  typeof reply === 'string' && base64
    ? Buffer.from(reply).toString('base64')
    : Array.isArray(reply)
      ? reply.map((r) => toJson(r, base64))
      : reply;

const answer = (reply: Reply, base64: boolean) =>
  reply && typeof reply === 'object' && 'error' in reply ? { error: reply.error } : { result: toJson(reply, base64) };

async function body(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startUpstashShim(options: { token: string; redis?: { host: string; port: number } }) {
  const redis = options.redis ?? { host: '127.0.0.1', port: 6379 };
  const server = createServer(async (request, response) => {
    const send = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (request.headers.authorization !== `Bearer ${options.token}`) return send(401, { error: 'Unauthorized' });
    const base64 = request.headers['upstash-encoding'] === 'base64';
    const input = await body(request);
    const path = new URL(request.url ?? '/', 'http://shim').pathname;
    if (path === '/pipeline')
      return send(
        200,
        (await redisCommands(redis, input)).map((r) => answer(r, base64)),
      );
    if (path === '/multi-exec') {
      const replies = await redisCommands(redis, [['MULTI'], ...input, ['EXEC']]);
      return send(
        200,
        ((replies.at(-1) as Reply[]) ?? []).map((r) => answer(r, base64)),
      );
    }
    return send(200, answer((await redisCommands(redis, [input]))[0]!, base64));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
