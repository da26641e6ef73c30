import { EngineInputError, type EngineOperation, type EngineOutput } from '../../contract/engine-operations';
import { EngineBusyError, EngineError, type OfflineEngine } from './port';
import {
  ENGINE_IGNORED_OPTIONS_HEADER,
  encodeOperation,
  ENGINE_RUN_PATH,
  readIgnoredOptions,
  signEngineRequest,
} from '../../contract/engine-wire';
import { ENGINE_RECEIPT_PDF_PATH, encodeReceiptDocument, type ReceiptDocument } from '../../contract/receipt-document';
import { ENGINE_PREFLIGHT_PATH, wirePreflightResponse, type TextToImagePreflight } from '../../contract/image-preflight';

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
 * as EngineInputError (fail at once, refund); a wrong secret is final; 429, or 503 with Retry-After,
 * means the service's pool is full (EngineBusyError: the job waits, no attempt spent); anything
 * else is retried.
 */
export function createEngineServiceClient(options: EngineServiceOptions): OfflineEngine {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const endpoint = new URL(ENGINE_RUN_PATH, options.url).toString();
  const preflightEndpoint = new URL(ENGINE_PREFLIGHT_PATH, options.url).toString();
  return {
    /** A receipt's PDF: any failure is final for this request (the receipt page still prints). */
    async receiptPdf(document: ReceiptDocument): Promise<Uint8Array> {
      const body = encodeReceiptDocument(document);
      const headers = { 'content-type': 'application/json', ...(await signEngineRequest(options.secret, body)) };
      const response = await send(new Request(new URL(ENGINE_RECEIPT_PDF_PATH, options.url).toString(), { method: 'POST', body, headers }));
      if (!response.ok) {
        await response.body?.cancel();
        throw new EngineError(`engine service could not draw the receipt PDF (${response.status})`, false);
      }
      return new Uint8Array(await response.arrayBuffer());
    },
    /** The preflight is a cheap read: any failure is the service's (no input is refused, the Worker validated it). */
    async preflight(input): Promise<TextToImagePreflight> {
      const body = new TextEncoder().encode(JSON.stringify(input));
      const headers = { 'content-type': 'application/json', ...(await signEngineRequest(options.secret, body)) };
      const response = await send(new Request(preflightEndpoint, { method: 'POST', body, headers }));
      if (!response.ok) {
        await response.body?.cancel();
        throw new EngineError(
          `image engine service preflight failed (${response.status})`,
          response.status >= 500 || response.status === 429,
        );
      }
      const parsed = wirePreflightResponse.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new EngineError('image engine service preflight answered an unreadable body', true);
      return parsed.data;
    },
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
          ignoredOptions: readIgnoredOptions(response.headers.get(ENGINE_IGNORED_OPTIONS_HEADER)),
        };
      }
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      if (response.status === 429 || (response.status === 503 && retryAfter !== undefined)) {
        await response.body?.cancel();
        throw new EngineBusyError(`image engine service busy (${response.status})`, retryAfter ?? 5);
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

/** `Retry-After` in seconds (delta form; an HTTP date counts from now), bounded to 1 s … 5 min. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.min(300, Math.max(1, Math.ceil(seconds))) : undefined;
}
