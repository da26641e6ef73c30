import { classifyError } from '../../contract/generation';
import { sniffImageType } from '../../lib/bytes';
import { EngineError, type EngineImage } from './port';

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

/** The image type of a provider's result by magic bytes (lib/bytes' one sniffer); undefined for anything an engine may not return (not PNG, JPEG or WebP). */
export function engineImageTypeOf(bytes: Uint8Array): EngineImage['contentType'] | undefined {
  const type = sniffImageType(bytes);
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/webp' ? type : undefined;
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
