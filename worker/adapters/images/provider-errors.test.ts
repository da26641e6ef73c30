import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { classifyError } from '../../contract/generation';
import { base64ToBytes, bytesToBase64 } from '../../lib/bytes';
import { engineImageTypeOf as sniffImageType, providerError, readAllBytes } from './provider-errors';

describe('base64 helpers (no Buffer)', () => {
  it('round-trip arbitrary bytes across the chunk boundary and agree with Buffer', () => {
    for (const length of [0, 1, 2, 3, 0x8000 - 1, 0x8000, 0x8000 + 1, 100_003]) {
      const bytes = new Uint8Array(length);
      for (let i = 0; i < length; i++) bytes[i] = (i * 7919 + 13) & 0xff;
      const encoded = bytesToBase64(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
      expect(Array.from(base64ToBytes(encoded))).toEqual(Array.from(bytes));
    }
  });

  it('decode URL-safe, unpadded and line-wrapped base64', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xfe, 0x00, 0x10]);
    const urlSafe = Buffer.from(bytes).toString('base64url');
    expect(urlSafe).toMatch(/[-_]/);
    expect(Array.from(base64ToBytes(urlSafe))).toEqual(Array.from(bytes));
    expect(Array.from(base64ToBytes('+//+\nABA='))).toEqual(Array.from(bytes));
  });

  it('throw on garbage', () => {
    expect(() => base64ToBytes('***not base64***')).toThrow();
  });
});

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by magic bytes and nothing else', async () => {
    const base = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } });
    expect(sniffImageType(new Uint8Array(await base().png().toBuffer()))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(await base().jpeg().toBuffer()))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array(await base().webp().toBuffer()))).toBe('image/webp');
    expect(sniffImageType(new Uint8Array(await base().gif().toBuffer()))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode('RIFF1234WAVE'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeUndefined();
  });
});

describe('readAllBytes', () => {
  it('concatenates every chunk in order', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1, 2]));
        controller.enqueue(new Uint8Array([]));
        controller.enqueue(new Uint8Array([3]));
        controller.close();
      },
    });
    expect(Array.from(await readAllBytes(stream))).toEqual([1, 2, 3]);
  });
});

describe('providerError', () => {
  it('keeps provider detail that leaves the category alone', () => {
    const error = providerError('server error (HTTP 503)', true, 'The model is   overloaded.');
    expect(error.message).toBe('server error (HTTP 503): The model is overloaded.');
    expect(error.retryable).toBe(true);
  });

  it('drops detail that would change the category, and HTML pages', () => {
    expect(providerError('invalid input (HTTP 400)', false, 'Request blocked for quota reasons').message).toBe('invalid input (HTTP 400)');
    expect(classifyError(providerError('invalid input (HTTP 400)', false, 'Request blocked').message)).toBe('invalid_input');
    expect(providerError('server error', true, '<html><h1>502</h1></html>').message).toBe('server error');
  });
});
