import { SIZES, UPLOAD } from '../../contract/generation';
import { NOTHING_IGNORED } from '../../contract/image-preflight';
import type { EditInput, EngineImage, ImageEngine, TextToImageInput } from './port';
import { EngineError } from './port';
import { base64ToBytes, bytesToBase64 } from '../../lib/bytes';
import { engineImageTypeOf, providerError, styleGuidance } from './provider-errors';
import { negativePromptOf, providerPrompt } from './provider-prompt';

export interface GeminiEngineOptions {
  apiKey: string;
  /** e.g. https://generativelanguage.googleapis.com (tests point it at a local fake server). */
  baseUrl: string;
  /** e.g. gemini-2.5-flash-image */
  model: string;
  fetch?: typeof fetch;
  /** Abort the HTTP call after this long (default 60 s); reported as a retryable timeout. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Finish / block reasons that mean a safety or policy filter stopped the image. */
const SAFETY_REASONS = new Set(['SAFETY', 'IMAGE_SAFETY', 'PROHIBITED_CONTENT', 'IMAGE_PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII']);
const RECITATION_REASONS = new Set(['RECITATION', 'IMAGE_RECITATION']);

type Part = { text?: string } | { inline_data: { mime_type: string; data: string } };

interface ResponsePart {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
  inline_data?: { mime_type?: string; data?: string };
}

interface GenerateContentResponse {
  candidates?: { content?: { parts?: ResponsePart[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
}

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { reason?: string }[] };
}

/**
 * Gemini image models (nano / gemini / gemini-enhanced) over the REST `generateContent` method, so the
 * same code runs on Workers and Node. One engine per configured model name.
 */
export function createGeminiEngine(options: GeminiEngineOptions): ImageEngine {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1beta/models/${encodeURIComponent(options.model)}:generateContent`;

  async function generate(parts: Part[], aspectRatio: string | undefined, seed: number): Promise<EngineImage> {
    const body = {
      contents: [{ role: 'user', parts }],
      // `seed` makes Gemini's sampling repeatable (best effort: the service does not promise identical images).
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'], seed, ...(aspectRatio ? { imageConfig: { aspectRatio } } : {}) },
    };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'x-goog-api-key': options.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) throw new EngineError(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for Gemini`, true);
      throw providerError('network error calling Gemini', true, error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw errorFromResponse(response.status, text);
    let parsed: GenerateContentResponse;
    try {
      parsed = JSON.parse(text) as GenerateContentResponse;
    } catch {
      throw new EngineError('server error: Gemini answered with an unreadable body', true);
    }
    return imageFromResponse(parsed);
  }

  return {
    name: `gemini:${options.model}`,
    // Gemini has no steps, guidance scale, sampler or strength: the negative prompt becomes an "Avoid:" line.
    options: { textToImage: ['negativePrompt', 'seed'], edit: ['negativePrompt', 'seed'] },
    // The model reads the negative prompt's words itself: nothing in it is known to be ignored.
    preflight: async () => NOTHING_IGNORED,

    async textToImage(input: TextToImageInput): Promise<EngineImage> {
      const ratio = nearestAspectRatio(input.width, input.height);
      const lines = [
        providerPrompt(input.operation).trim(),
        `Style: ${styleGuidance(input.style)}.`,
        `Composition: ${input.width}x${input.height} pixels, aspect ratio ${ratio}.`,
      ];
      const avoid = (negativePromptOf(input.operation) ?? input.tuning?.negativePrompt)?.trim();
      if (avoid) lines.push(`Avoid: ${avoid}.`);
      return generate([{ text: lines.join('\n') }], ratio, input.seed);
    },

    async edit(input: EditInput): Promise<EngineImage> {
      if (input.images.length === 0) throw new EngineError('invalid input: no source image', false);
      if (input.images.length > UPLOAD.maxImagesPerEdit) {
        throw new EngineError(`invalid input: at most ${UPLOAD.maxImagesPerEdit} images per edit`, false);
      }
      const ratio = input.width && input.height ? nearestAspectRatio(input.width, input.height) : undefined;
      const lines = [providerPrompt(input.operation).trim(), `Style: ${styleGuidance(input.style)}.`];
      if (ratio) lines.push(`Output: ${input.width}x${input.height} pixels, aspect ratio ${ratio}.`);
      if (input.images.length > 1) lines.push(`Use all ${input.images.length} attached images as references; the first is the main image.`);
      const avoid = input.tuning?.negativePrompt?.trim();
      if (avoid) lines.push(`Avoid: ${avoid}.`);
      const parts: Part[] = [{ text: lines.join('\n') }];
      for (const image of input.images) {
        parts.push({ inline_data: { mime_type: image.contentType, data: bytesToBase64(image.bytes) } });
      }
      return generate(parts, ratio, input.seed);
    },
  };
}

/** The supported ratio (spec §3 sizes, which are Gemini's list) closest to width:height. */
export function nearestAspectRatio(width: number, height: number): string {
  const wanted = Math.log(width / height);
  let best: string = SIZES[0].ratio;
  let bestDistance = Infinity;
  for (const size of SIZES) {
    // The nominal ratio, not the pixel size: 1184x864 is "4:3" but is really 1.37.
    const [w, h] = size.ratio.split(':').map(Number) as [number, number];
    const distance = Math.abs(Math.log(w / h) - wanted);
    if (distance < bestDistance) {
      best = size.ratio;
      bestDistance = distance;
    }
  }
  return best;
}

function imageFromResponse(response: GenerateContentResponse): EngineImage {
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) throw new EngineError(`blocked by safety policy (prompt ${blockReason})`, false);

  const candidate = response.candidates?.[0];
  for (const part of candidate?.content?.parts ?? []) {
    const inline = part.inlineData ?? part.inline_data;
    if (!inline?.data) continue;
    let bytes: Uint8Array;
    try {
      bytes = base64ToBytes(inline.data);
    } catch {
      continue;
    }
    const declared = part.inlineData?.mimeType ?? part.inline_data?.mime_type;
    const contentType = engineImageTypeOf(bytes) ?? knownType(declared);
    if (contentType && bytes.length > 0) return { bytes, contentType };
  }

  const finishReason = candidate?.finishReason;
  if (finishReason && SAFETY_REASONS.has(finishReason)) throw new EngineError(`blocked by safety policy (${finishReason})`, false);
  if (finishReason && RECITATION_REASONS.has(finishReason)) throw new EngineError(`stopped for recitation (${finishReason})`, false);
  throw new EngineError(`no image returned by Gemini (finishReason ${finishReason ?? 'none'})`, false);
}

function knownType(type: string | undefined): EngineImage['contentType'] | undefined {
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/webp' ? type : undefined;
}

/** Google's error body is `{ error: { code, message, status, details } }`; proxies may send HTML. */
function errorFromResponse(httpStatus: number, text: string): EngineError {
  let error: GoogleErrorBody['error'];
  try {
    error = (JSON.parse(text) as GoogleErrorBody).error;
  } catch {
    error = undefined;
  }
  const status = error?.status ?? '';
  const detail = error?.message ?? (text.trim().startsWith('<') ? undefined : text);
  const reasons = (error?.details ?? []).map((d) => d.reason).filter(Boolean);

  if (httpStatus === 429 || status === 'RESOURCE_EXHAUSTED') return providerError('rate limit / quota exceeded', true, detail);
  if (
    httpStatus === 401 ||
    httpStatus === 403 ||
    status === 'PERMISSION_DENIED' ||
    status === 'UNAUTHENTICATED' ||
    reasons.includes('API_KEY_INVALID')
  ) {
    return providerError(`unauthorized (HTTP ${httpStatus}${status ? ` ${status}` : ''})`, false, detail);
  }
  if (httpStatus === 504 || status === 'DEADLINE_EXCEEDED') return providerError('timed out at Gemini', true, detail);
  if (httpStatus >= 500 || status === 'UNAVAILABLE' || status === 'INTERNAL') {
    return providerError(`server error (HTTP ${httpStatus}${status ? ` ${status}` : ''})`, true, detail);
  }
  if (httpStatus === 404 || status === 'NOT_FOUND') return providerError('model not found', false, detail);
  if (httpStatus === 400 || status === 'INVALID_ARGUMENT' || status === 'FAILED_PRECONDITION') {
    return providerError(`invalid input (HTTP ${httpStatus}${status ? ` ${status}` : ''})`, false, detail);
  }
  return providerError(`Gemini request failed (HTTP ${httpStatus})`, false, detail);
}
