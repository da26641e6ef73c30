/**
 * The engine service as a Cloudflare Container (wrangler.toml `[[env.production.containers]]`): a
 * Durable Object per container instance that starts worker/engine/Dockerfile's image on demand and
 * forwards the Worker's signed requests to it. Written against the runtime's `ctx.container` API,
 * so no extra package is needed.
 */
import { retry } from '../../lib/retry';

interface ContainerLike {
  readonly running: boolean;
  start(options?: { env?: Record<string, string>; enableInternet?: boolean }): void;
  getTcpPort(port: number): { fetch(request: Request): Promise<Response> };
}

export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}

const ENGINE_PORT = 8080;
/** Must match max_instances in wrangler.toml: requests are spread over this many containers. */
export const ENGINE_CONTAINER_INSTANCES = 3;

export class EngineContainer {
  constructor(
    private readonly state: { container?: ContainerLike },
    private readonly env: { IMAGE_ENGINE_SECRET?: string; C2PA_SIGNING_KEY?: string; C2PA_CERTIFICATE_CHAIN?: string },
  ) {}

  /** The engine service's settings from the Worker's secrets: its HMAC secret and the C2PA signing key (decision 056). */
  private containerEnv(): Record<string, string> {
    const { IMAGE_ENGINE_SECRET, C2PA_SIGNING_KEY, C2PA_CERTIFICATE_CHAIN } = this.env;
    return {
      ENGINE_SECRET: IMAGE_ENGINE_SECRET ?? '',
      PORT: String(ENGINE_PORT),
      ...(C2PA_SIGNING_KEY && C2PA_CERTIFICATE_CHAIN ? { C2PA_SIGNING_KEY, C2PA_CERTIFICATE_CHAIN } : {}),
    };
  }

  async fetch(request: Request): Promise<Response> {
    const container = this.state.container;
    if (!container) return Response.json({ message: 'containers are not enabled for this Durable Object' }, { status: 503 });
    if (!container.running) container.start({ env: this.containerEnv(), enableInternet: false });
    // Buffered once: a cold container refuses connections for a moment, and each retry needs the body again.
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    // Tried every 250 ms for about ten seconds: a start-up wait, so no back-off.
    return retry(
      () => container.getTcpPort(ENGINE_PORT).fetch(new Request(request.url, { method: request.method, headers: request.headers, body })),
      { retries: 40, delayMs: 250 },
    );
  }
}

/** A fetch that lands on one of the engine containers (the job's signature travels with it). */
export function containerFetch(namespace: DurableObjectNamespaceLike) {
  return (request: Request) =>
    namespace.get(namespace.idFromName(`engine-${Math.floor(Math.random() * ENGINE_CONTAINER_INSTANCES)}`)).fetch(request);
}
