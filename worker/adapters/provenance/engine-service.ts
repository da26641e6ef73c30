import { ENGINE_MARK_PATH, encodeMarkRequest, signEngineRequest } from '../../contract/engine-wire';
import { xmpOnlyProvenance } from './xmp';
import { type Provenance, ProvenanceError } from './port';

export interface EngineServiceProvenanceOptions {
  /** Base URL of the engine service (worker/engine/service.ts). */
  url: string;
  secret: string;
  /** The Container's Durable Object stub fetch on Workers; global fetch elsewhere. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * Content Credentials signed by the engine service (`/v1/mark`, decision 056): the request Worker
 * sends the output and gets it back marked, so it ships neither the c2pa WebAssembly (9 MB) nor
 * anything of the signing. A failed call is a {@link ProvenanceError}; the pipeline then stores the
 * picture with {@link xmpOnlyProvenance}'s mark, which needs no service.
 */
export function createEngineServiceProvenance(options: EngineServiceProvenanceOptions): Provenance {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const endpoint = new URL(ENGINE_MARK_PATH, options.url).toString();
  return {
    async mark(image, claim) {
      const body = encodeMarkRequest({ image, origin: claim.origin, agent: claim.agent, source: claim.source });
      const headers = { 'content-type': 'application/json', ...(await signEngineRequest(options.secret, body)) };
      const response = await send(new Request(endpoint, { method: 'POST', body, headers }));
      if (!response.ok) {
        await response.body?.cancel();
        throw new ProvenanceError(`engine service could not mark the output (${response.status})`);
      }
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

/** {@link createEngineServiceProvenance}, falling back to the XMP mark alone when the service fails. */
export function withXmpFallback(provenance: Provenance, onFallback: (error: unknown) => void): Provenance {
  return {
    async mark(image, claim) {
      try {
        return await provenance.mark(image, claim);
      } catch (error) {
        onFallback(error);
        return xmpOnlyProvenance.mark(image, claim);
      }
    },
  };
}
