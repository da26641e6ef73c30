import { describe, expect, it, vi } from 'vitest';
import type { GenerationStatus, UpscaleStatus } from '@web/api/types';
import { ApiError } from '../../api/client';
import { nextFakeProgress, queryEnd } from './job-status';

// Vitest runs without the Lingui compiler: the macros the hooks' modules use become plain stand-ins.
vi.mock('@lingui/core/macro', () => ({ msg: (strings: TemplateStringsArray) => ({ message: strings.join('') }) }));
vi.mock('@lingui/react/macro', () => ({ useLingui: () => ({ t: (strings: TemplateStringsArray) => strings.join('') }) }));
const { POLL, generationRetryDelay, retryGenerationStatus } = await import('./use-generation');
const { retryStatusQuery, statusRetryDelay, UPSCALE_POLL } = await import('../upscaler/upscale-job');

const upscale = (over: Partial<UpscaleStatus> = {}): UpscaleStatus => ({
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

const generation = (over: Partial<GenerationStatus> = {}): GenerationStatus => ({
  success: true,
  id: 'job_2',
  recordId: 'rec_2',
  status: 'PROCESSING',
  imageUrl: null,
  svgUrl: null,
  appliedOptions: null,
  batch: null,
  credits: 4,
  error: null,
  errorCategory: null,
  errorMessage: null,
  failureCode: null,
  ignoredOptions: null,
  message: null,
  options: { cfgScale: null, negativePrompt: null, sampler: null, steps: null, strength: null },
  queue: null,
  seed: null,
  ...over,
});

const polled = <T>(data: T): { status: 'success'; data: T; error: null } => ({ status: 'success', data, error: null });

describe('how a followed job ends (spec §9: polled until it ends)', () => {
  it('ends on COMPLETED with its image, for a generation and an upscale alike', () => {
    const done = upscale({ status: 'COMPLETED', imageUrl: '/api/files/users/u/results/x.png' });
    expect(queryEnd(polled(done))).toEqual({ kind: 'done', status: done });
    expect(queryEnd(polled(generation({ status: 'COMPLETED', imageUrl: '/a.png' })))?.kind).toBe('done');
  });

  it('goes on through COMPLETED without an image, unknown statuses and a queue place, however many polls it took', () => {
    for (const answer of [upscale({ status: 'COMPLETED' }), { ...upscale(), status: 'queued' }, upscale()])
      expect(queryEnd(polled(answer))).toBeNull();
    expect(queryEnd(polled(upscale({ queue: { ahead: 2, estimatedStartSeconds: 40 } })))).toBeNull();
    expect(queryEnd(polled(generation()))).toBeNull();
    expect(queryEnd({ status: 'pending', data: undefined, error: null })).toBeNull();
  });

  it('reads a status in any letter case (spec §4)', () => {
    expect(queryEnd(polled({ ...upscale({ imageUrl: '/x.png' }), status: 'completed' }))?.kind).toBe('done');
  });

  it('hands back the failed status, with its reason and the credits it returned', () => {
    const failed = upscale({ status: 'FAILED', errorMessage: 'The image could not be decoded', credits: 8 });
    expect(queryEnd(polled(failed))).toEqual({ kind: 'job-failed', status: failed });
    expect(queryEnd(polled(generation({ status: 'FAILED', failureCode: 'NO_IMAGE' })))?.kind).toBe('job-failed');
  });

  it('a status query that cannot be retried ends the wait', () => {
    const gone = new ApiError(404, 'NOT_FOUND', 'gone');
    expect(queryEnd({ status: 'error', data: upscale(), error: gone })).toEqual({ kind: 'query-failed', error: gone });
  });

  it('the polling windows only decide when the page says it is taking a while', () => {
    expect(POLL.patienceMs).toBe(POLL.attempts * POLL.intervalMs);
    expect(UPSCALE_POLL.patienceMs).toBe(UPSCALE_POLL.tries * UPSCALE_POLL.intervalMs);
    expect(UPSCALE_POLL.patienceMs).toBe(60_000);
  });
});

describe('a generation status that failed', () => {
  it('is asked again through a lost connection, a restarting server or a rate limit, with no limit on tries', () => {
    const offline = new ApiError(0, 'NETWORK_ERROR', 'Network connection failed');
    const restarting = new ApiError(502, 'INTERNAL', 'Bad gateway');
    for (const failures of [0, 4, 5, 50, 500]) {
      expect(retryGenerationStatus(failures, offline)).toBe(true);
      expect(retryGenerationStatus(failures, restarting)).toBe(true);
      expect(retryGenerationStatus(failures, new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe(true);
    }
  });

  it('ends at once on an answer that will not change', () => {
    expect(retryGenerationStatus(0, new ApiError(404, 'NOT_FOUND', 'Task not found'))).toBe(false);
    expect(retryGenerationStatus(0, new ApiError(401, 'UNAUTHENTICATED', 'Login session expired'))).toBe(false);
    expect(retryGenerationStatus(0, new ApiError(403, 'FORBIDDEN', 'no'))).toBe(false);
  });

  it('backs off to at most 15 s between tries', () => {
    const offline = new ApiError(0, 'NETWORK_ERROR', 'Network connection failed');
    const delays = Array.from({ length: 12 }, (_, failures) => generationRetryDelay(failures, offline));
    expect(delays[0]).toBe(POLL.intervalMs);
    expect(delays.every((d, i) => i === 0 || d >= delays[i - 1]!)).toBe(true);
    expect(Math.max(...delays)).toBe(15_000);
  });
});

describe('an upscale status that failed', () => {
  it('is asked again after network failures and 5xx (a restarting server), however many in a row', () => {
    for (const error of [
      new ApiError(500, 'INTERNAL', 'boom'),
      new ApiError(502, 'INTERNAL', ''),
      new ApiError(0, 'NETWORK_ERROR', 'offline'),
    ]) {
      expect(retryStatusQuery(0, error)).toBe(true);
      expect(retryStatusQuery(50, error)).toBe(true);
    }
  });

  it('ends at once on 401 (session gone) and 404 (job gone)', () => {
    for (const error of [new ApiError(401, 'UNAUTHENTICATED', 'no'), new ApiError(404, 'NOT_FOUND', 'gone')])
      expect(retryStatusQuery(0, error)).toBe(false);
  });

  it('waits 2 s, then 1.5× longer each time, never more than 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(statusRetryDelay)).toEqual([2000, 3000, 4500, 6750, 10125, 15000, 15000, 15000]);
  });
});

it('fake progress rises at each pace but never passes 90 %', () => {
  for (const pace of [POLL, UPSCALE_POLL]) {
    let p = 0;
    for (let i = 0; i < 1000; i++) p = nextFakeProgress(pace, p);
    expect(p).toBe(90);
    expect(nextFakeProgress(pace, 10)).toBeGreaterThan(10);
  }
});
