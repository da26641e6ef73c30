import { classifyError } from '../../contract/generation';
import { EngineError, type EngineImage } from '../../services/generation/engine';

/**
 * Shared pieces of the provider engines (Gemini, Workers AI). Pure code with no Buffer, so it runs
 * on Workers and Node alike.
 */

/**
 * An {@link EngineError} whose message starts with `prefix` (which decides its spec §8 category) and
 * carries the provider's own words as detail — unless those words would move the message into
 * another category (a 400 saying "blocked", a 500 mentioning "quota"), in which case they are dropped.
 */
export function providerError(prefix: string, retryable: boolean, detail?: string): EngineError {
  // An HTML error page from a proxy says nothing useful and would only clutter the stored message.
  const clean = detail && !/^\s*</.test(detail) ? detail.replace(/\s+/g, ' ').trim().slice(0, 300) : undefined;
  const message = clean ? `${prefix}: ${clean}` : prefix;
  return new EngineError(classifyError(message) === classifyError(prefix) ? message : prefix, retryable);
}

const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode with a spread of the whole image would overflow the call stack on large files.
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** Decodes standard or URL-safe base64 (either may come back from a provider). Throws on garbage. */
export function base64ToBytes(base64: string): Uint8Array {
  const normalised = base64.replace(/[\s=]+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = normalised + '='.repeat((4 - (normalised.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The image type by magic bytes; undefined for anything that is not PNG, JPEG or WebP. */
export function sniffImageType(bytes: Uint8Array): EngineImage['contentType'] | undefined {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  // RIFF....WEBP
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return undefined;
}

/** Reads a whole byte stream (Workers AI hands binary results back as a ReadableStream). */
export async function readAllBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Per quick style, words the image models understand better than the bare style name. */
const STYLE_GUIDANCE: Record<string, string> = {
  realistic: 'photorealistic, natural lighting, true-to-life colours and textures, sharp detail',
  artistic: 'artistic painterly rendering, expressive brushwork, rich colour harmony',
  anime: 'anime style, clean line art, cel shading, vibrant colours',
  cartoon: 'cartoon style, bold outlines, simplified shapes, bright flat colours',
  abstract: 'abstract art, bold shapes and colour fields, non-literal composition',
};

/** Style guidance for a quick style; other style names (logo, id-photo, restoration…) are passed as given. */
export function styleGuidance(style: string): string {
  return STYLE_GUIDANCE[style] ?? `${style.replace(/[-_]+/g, ' ')} style`;
}
