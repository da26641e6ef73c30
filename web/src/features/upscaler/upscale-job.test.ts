import { describe, expect, it, vi } from 'vitest';
import type { UpscaleStatus } from '../../../../worker/contract/upscale';
import { ApiError } from '../../api/client';
import { classifyUpscaleFailure, nextFakeProgress, pollUpscale, UPSCALE_POLL } from './upscale-job';

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

function harness(answers: (UpscaleStatus | Error)[], alive = () => true) {
  const waits: number[] = [];
  let calls = 0;
  const deps = {
    sleep: async (ms: number) => void waits.push(ms),
    alive,
    status: async () => {
      const answer = answers[Math.min(calls++, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { deps, waits, calls: () => calls };
}

describe('pollUpscale (spec §9: every 2 s, up to 30 tries)', () => {
  it('returns the finished job, waiting 2 s before each query', async () => {
    const done = status({ status: 'COMPLETED', imageUrl: '/api/files/users/u/results/x.png' });
    const h = harness([status({}), status({}), done]);
    expect(await pollUpscale('job_1', h.deps)).toEqual({ kind: 'done', status: done });
    expect(h.waits).toEqual([2000, 2000, 2000]);
  });

  it('keeps waiting on COMPLETED without an image and on unknown statuses, and gives up after 30 tries', async () => {
    const h = harness([status({ status: 'COMPLETED' }), status({ status: 'queued' as never })]);
    expect(await pollUpscale('job_1', h.deps)).toEqual({ kind: 'timeout' });
    expect(h.calls()).toBe(UPSCALE_POLL.tries);
    expect(h.waits.reduce((a, b) => a + b, 0)).toBe(60_000);
  });

  it('reports each unfinished answer, so the page can show the queue place while the job waits', async () => {
    const waiting = status({ queue: { ahead: 2, estimatedStartSeconds: 40 } });
    const running = status({});
    const done = status({ status: 'COMPLETED', imageUrl: '/x.png' });
    const seen: UpscaleStatus[] = [];
    const h = harness([waiting, running, done]);
    expect((await pollUpscale('job_1', { ...h.deps, onStatus: (s) => void seen.push(s) })).kind).toBe('done');
    expect(seen).toEqual([waiting, running]);
  });

  it('hands back the server error text of a failed job', async () => {
    const h = harness([status({ status: 'FAILED', errorMessage: 'The image could not be decoded' })]);
    expect(await pollUpscale('job_1', h.deps)).toEqual({ kind: 'job-failed', message: 'The image could not be decoded' });
  });

  it('retries a failed query, but ends after 3 in a row', async () => {
    const boom = new ApiError(500, 'INTERNAL', 'boom');
    const flaky = harness([boom, boom, status({ status: 'COMPLETED', imageUrl: '/x.png' })]);
    expect((await pollUpscale('job_1', flaky.deps)).kind).toBe('done');
    const broken = harness([boom]);
    expect(await pollUpscale('job_1', broken.deps)).toEqual({ kind: 'query-failed', error: boom });
    expect(broken.calls()).toBe(UPSCALE_POLL.maxConsecutiveErrors);
  });

  it('stops at once on 401 (session gone) and 404 (job gone)', async () => {
    for (const error of [new ApiError(401, 'UNAUTHENTICATED', 'no'), new ApiError(404, 'NOT_FOUND', 'gone')]) {
      const h = harness([error]);
      expect(await pollUpscale('job_1', h.deps)).toEqual({ kind: 'query-failed', error });
      expect(h.calls()).toBe(1);
    }
  });

  it('stops quietly when the user started another upscale or left', async () => {
    let live = true;
    const h = harness([status({})], () => live);
    const waiting = pollUpscale('job_1', {
      ...h.deps,
      sleep: async () => {
        live = false;
      },
    });
    expect(await waiting).toEqual({ kind: 'cancelled' });
    expect(h.calls()).toBe(0);
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
  it('INSUFFICIENT_CREDITS keeps the server text (and the page offers Pricing)', () => {
    expect(classifyUpscaleFailure(new ApiError(402, 'INSUFFICIENT_CREDITS', 'You need 8 credits; you have 4'))).toEqual({
      kind: 'credits',
      serverText: 'You need 8 credits; you have 4',
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
  it('other API errors show the server text; internal errors and non-API errors the generic failure', () => {
    expect(classifyUpscaleFailure(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'At 8× the image can be at most 250,000 pixels'))).toEqual({
      kind: 'server-text',
      serverText: 'At 8× the image can be at most 250,000 pixels',
    });
    expect(classifyUpscaleFailure(new ApiError(500, 'INTERNAL', 'TypeError: x is undefined'))).toEqual({ kind: 'generic' });
    expect(classifyUpscaleFailure(new TypeError('boom'))).toEqual({ kind: 'generic' });
  });
});
