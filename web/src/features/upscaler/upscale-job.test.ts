import { describe, expect, it, vi } from 'vitest';
import type { UpscaleStatus } from '@web/api/types';
import { ApiError } from '../../api/client';
import {
  classifyUpscaleFailure,
  nextFakeProgress,
  retryStatusQuery,
  type StatusQueryState,
  statusRetryDelay,
  UPSCALE_PATIENCE_MS,
  upscaleOutcome,
  upscaleRefetchInterval,
} from './upscale-job';

vi.mock('../../i18n', () => ({ i18n: { locale: 'en' } }));

const status = (over: Partial<UpscaleStatus>): UpscaleStatus => ({
  success: true,
  id: 'job_1',
  recordId: 'rec_1',
  status: 'PROCESSING',
  imageUrl: null,
  scaleFactor: 2,
  faceEnhancement: false,
  width: null,
  height: null,
  errorMessage: null,
  failureCode: null,
  credits: 2,
  queue: null,
  ...over,
});

const polled = (data: UpscaleStatus): StatusQueryState => ({ status: 'success', data, error: null });

describe('upscaleOutcome (spec §9: every 2 s, until the job ends)', () => {
  it('is the finished job once COMPLETED carries an image, and then polling stops', () => {
    const done = status({ status: 'COMPLETED', imageUrl: '/api/files/users/u/results/x.png' });
    expect(upscaleOutcome(polled(done))).toEqual({ kind: 'done', status: done });
    expect(upscaleRefetchInterval(polled(done))).toBe(false);
  });

  it('keeps polling every 2 s on COMPLETED without an image and on unknown statuses, past the 30-try window', () => {
    for (const answer of [status({ status: 'COMPLETED' }), status({ status: 'queued' as never }), status({})]) {
      expect(upscaleOutcome(polled(answer))).toBeNull();
      expect(upscaleRefetchInterval(polled(answer))).toBe(2000);
    }
    // The window only decides when the page says it is taking a while (30 polls of 2 s).
    expect(UPSCALE_PATIENCE_MS).toBe(60_000);
  });

  it('is nothing yet before the first answer and while the job waits in the queue', () => {
    expect(upscaleOutcome({ status: 'pending', error: null })).toBeNull();
    expect(upscaleOutcome(polled(status({ queue: { ahead: 2, estimatedStartSeconds: 40 } })))).toBeNull();
  });

  it('hands back the server error text of a failed job and the credits it returned', () => {
    const failed = status({ status: 'FAILED', errorMessage: 'The image could not be decoded', credits: 8 });
    expect(upscaleOutcome(polled(failed))).toEqual({ kind: 'job-failed', message: 'The image could not be decoded', credits: 8 });
  });

  it('a query that cannot be retried (401, 404) ends the wait', () => {
    const gone = new ApiError(404, 'NOT_FOUND', 'gone');
    expect(upscaleOutcome({ status: 'error', data: status({}), error: gone })).toEqual({ kind: 'query-failed', error: gone });
  });
});

describe('retryStatusQuery and statusRetryDelay', () => {
  it('keeps retrying network failures and 5xx (a restarting server), however many in a row', () => {
    for (const error of [
      new ApiError(500, 'INTERNAL', 'boom'),
      new ApiError(502, 'INTERNAL', ''),
      new ApiError(0, 'NETWORK_ERROR', 'offline'),
    ]) {
      expect(retryStatusQuery(0, error)).toBe(true);
      expect(retryStatusQuery(50, error)).toBe(true);
    }
  });

  it('stops at once on 401 (session gone) and 404 (job gone)', () => {
    for (const error of [new ApiError(401, 'UNAUTHENTICATED', 'no'), new ApiError(404, 'NOT_FOUND', 'gone')]) {
      expect(retryStatusQuery(0, error)).toBe(false);
    }
  });

  it('waits 2 s, then 1.5× longer each time, never more than 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(statusRetryDelay)).toEqual([2000, 3000, 4500, 6750, 10125, 15000, 15000, 15000]);
  });
});

it('fake progress rises but never passes 90 %', () => {
  let p = 0;
  for (let i = 0; i < 1000; i++) p = nextFakeProgress(p);
  expect(p).toBe(90);
  expect(nextFakeProgress(10)).toBeGreaterThan(10);
});

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
