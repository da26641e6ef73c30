import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { classifyUpscaleFailure } from './upscale-job';

// How the status of an upscale is followed is tested with the shared job hook (image-job/use-image-job.test.ts).
describe('classifyUpscaleFailure (spec §8 Upscaler)', () => {
  it('401 is the session, whatever the body says', () => {
    expect(classifyUpscaleFailure(new ApiError(401, 'UNAUTHENTICATED', 'Login required'))).toEqual({ kind: 'session' });
  });
  it('INSUFFICIENT_CREDITS is its own kind (the page offers Pricing)', () => {
    expect(classifyUpscaleFailure(new ApiError(402, 'INSUFFICIENT_CREDITS', 'You need 8 credits; you have 4'))).toEqual({
      kind: 'credits',
    });
  });
  it("ENGINE_BUSY (queue full, nothing charged) carries the server's retry-after seconds", () => {
    expect(classifyUpscaleFailure(new ApiError(503, 'ENGINE_BUSY', 'The engine is busy', undefined, 45))).toEqual({
      kind: 'busy',
      retryAfter: 45,
    });
  });
  it('a network failure is named as such', () => {
    expect(classifyUpscaleFailure(new ApiError(0, 'NETWORK_ERROR', 'Network connection failed'))).toEqual({ kind: 'network' });
  });
  it('other API errors are said from their message; internal errors and non-API errors get the generic failure', () => {
    expect(classifyUpscaleFailure(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'At 8× the image can be at most 250,000 pixels'))).toEqual({
      kind: 'said',
    });
    expect(classifyUpscaleFailure(new ApiError(500, 'INTERNAL', 'TypeError: x is undefined'))).toEqual({ kind: 'generic' });
    expect(classifyUpscaleFailure(new TypeError('boom'))).toEqual({ kind: 'generic' });
  });
});
