import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { containerFetch, ENGINE_CONTAINER_INSTANCES, EngineContainer } from './engine-container';

/** A container as the runtime's `ctx.container` presents it: refuses connections until `ready()`. */
function fakeContainer() {
  const started: { env?: Record<string, string>; enableInternet?: boolean }[] = [];
  const received: { url: string; method: string; body: string; signature: string | null }[] = [];
  let accepting = false;
  const container = {
    get running() {
      return started.length > 0;
    },
    start(options?: { env?: Record<string, string>; enableInternet?: boolean }) {
      started.push(options ?? {});
    },
    getTcpPort(port: number) {
      return {
        async fetch(request: Request) {
          if (!accepting) throw new Error(`connection refused on ${port}`);
          received.push({
            url: request.url,
            method: request.method,
            body: await request.text(),
            signature: request.headers.get('x-signature'),
          });
          return Response.json({ ok: true });
        },
      };
    },
  };
  return {
    container,
    started,
    received,
    ready: () => {
      accepting = true;
    },
  };
}

describe('EngineContainer (the engine service as a Cloudflare Container)', () => {
  it('starts the container once, with the shared secret and no internet, and forwards the signed request', async () => {
    const fake = fakeContainer();
    fake.ready();
    const engine = new EngineContainer({ container: fake.container }, { IMAGE_ENGINE_SECRET: 'engine-secret' });
    const send = () =>
      engine.fetch(new Request('http://engine/v1/run', { method: 'POST', body: '{"op":"tool"}', headers: { 'x-signature': 'sig' } }));
    expect(await (await send()).json()).toEqual({ ok: true });
    expect(await (await send()).json()).toEqual({ ok: true });
    expect(fake.started).toEqual([{ env: { ENGINE_SECRET: 'engine-secret', PORT: '8080' }, enableInternet: false }]);
    expect(fake.received).toEqual([
      { url: 'http://engine/v1/run', method: 'POST', body: '{"op":"tool"}', signature: 'sig' },
      { url: 'http://engine/v1/run', method: 'POST', body: '{"op":"tool"}', signature: 'sig' },
    ]);
  });

  it('hands the container the C2PA signing key and chain, which sign every output there', async () => {
    const fake = fakeContainer();
    const engine = new EngineContainer(
      { container: fake.container },
      { IMAGE_ENGINE_SECRET: 'engine-secret', C2PA_SIGNING_KEY: 'key-pem', C2PA_CERTIFICATE_CHAIN: 'chain-pem' },
    );
    fake.ready();
    await engine.fetch(new Request('http://engine/v1/mark', { method: 'POST', body: '{}' }));
    expect(fake.started[0]?.env).toEqual({
      ENGINE_SECRET: 'engine-secret',
      PORT: '8080',
      C2PA_SIGNING_KEY: 'key-pem',
      C2PA_CERTIFICATE_CHAIN: 'chain-pem',
    });
  });

  it('waits for a cold container to accept connections, sending the same body again', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeContainer();
      const engine = new EngineContainer({ container: fake.container }, { IMAGE_ENGINE_SECRET: 's' });
      const answer = engine.fetch(new Request('http://engine/v1/run', { method: 'POST', body: 'payload' }));
      await vi.advanceTimersByTimeAsync(1000); // four refused attempts
      fake.ready();
      await vi.advanceTimersByTimeAsync(250);
      expect((await answer).status).toBe(200);
      expect(fake.received).toEqual([{ url: 'http://engine/v1/run', method: 'POST', body: 'payload', signature: null }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after about ten seconds of refused connections', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeContainer();
      const engine = new EngineContainer({ container: fake.container }, {});
      const answer = engine.fetch(new Request('http://engine/health'));
      const settled = expect(answer).rejects.toThrow(/connection refused/);
      await vi.advanceTimersByTimeAsync(41 * 250);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 503 where the Durable Object has no container', async () => {
    const engine = new EngineContainer({}, {});
    expect((await engine.fetch(new Request('http://engine/health'))).status).toBe(503);
  });
});

describe('containerFetch', () => {
  it('spreads requests over the configured number of container instances', async () => {
    const names = new Set<string>();
    const namespace = {
      idFromName: (name: string) => {
        names.add(name);
        return name;
      },
      get: (id: unknown) => ({ fetch: async () => new Response(String(id)) }),
    };
    const send = containerFetch(namespace);
    for (let i = 0; i < 200; i++) await send(new Request('http://engine/health'));
    expect([...names].sort()).toEqual(Array.from({ length: ENGINE_CONTAINER_INSTANCES }, (_, i) => `engine-${i}`));
  });

  it('uses as many instances as wrangler.toml lets the container run', () => {
    const toml = readFileSync(new URL('../../../wrangler.toml', import.meta.url), 'utf8');
    expect(Number(/^max_instances\s*=\s*(\d+)/m.exec(toml)?.[1])).toBe(ENGINE_CONTAINER_INSTANCES);
  });
});
