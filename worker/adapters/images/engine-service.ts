import { EngineInputError, type EngineOperation, type EngineOutput } from '../../engine/operations';
import { EngineError, type OfflineEngine } from '../../services/generation/engine';
import { encodeOperation, ENGINE_RUN_PATH, signEngineRequest } from './engine-wire';

export interface EngineServiceOptions {
  /** Base URL of the engine service (worker/engine/service.ts), e.g. a Cloudflare Container or any host. */
  url: string;
  secret: string;
  /** The Container's Durable Object stub fetch on Workers; global fetch elsewhere. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * The offline engine over HTTP (production): upscaler and deterministic tools run by the same
 * worker/engine module inside a container, called with signed requests. Input refusals come back
 * as EngineInputError (fail at once, refund); a wrong secret is final; anything else is retried.
 */
export function createEngineServiceClient(options: EngineServiceOptions): OfflineEngine {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const endpoint = new URL(ENGINE_RUN_PATH, options.url).toString();
  return {
    async run(op: EngineOperation): Promise<EngineOutput> {
      const body = encodeOperation(op);
      const headers = { 'content-type': 'application/json', ...(await signEngineRequest(options.secret, body)) };
      const response = await send(new Request(endpoint, { method: 'POST', body, headers }));
      if (response.ok) {
        const type = response.headers.get('content-type');
        const contentType = type === 'image/jpeg' || type === 'image/svg+xml' ? type : 'image/png';
        return {
          bytes: new Uint8Array(await response.arrayBuffer()),
          contentType,
          width: Number(response.headers.get('x-engine-width') ?? 0),
          height: Number(response.headers.get('x-engine-height') ?? 0),
        };
      }
      const detail = (await response.json().catch(() => ({}))) as { code?: EngineInputError['code']; message?: string };
      if (response.status === 422 && detail.code)
        throw new EngineInputError(detail.code, detail.message ?? 'The image engine refused this image');
      if (response.status === 401 || response.status === 400)
        throw new EngineError(`image engine service refused the request (${response.status}): ${detail.message ?? ''}`, false);
      throw new EngineError(`image engine service unavailable (${response.status})`, true);
    },
  };
}
