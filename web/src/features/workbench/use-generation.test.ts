import { describe, expect, it, vi } from 'vitest';
import type { GenerationStatus } from '@web/api/types';
import { ApiError } from '../../api/client';

// Vitest runs without the Lingui compiler: the macros this module's imports use become plain stand-ins.
vi.mock('@lingui/core/macro', () => ({ msg: (strings: TemplateStringsArray) => ({ message: strings.join('') }) }));
vi.mock('@lingui/react/macro', () => ({ useLingui: () => ({ t: (strings: TemplateStringsArray) => strings.join('') }) }));
const { POLL, generationOutcome, generationRetryDelay, retryGenerationStatus } = await import('./use-generation');

const job = (status: GenerationStatus['status'], imageUrl: string | null = null) => ({ status, imageUrl }) as GenerationStatus;

describe('following a job', () => {
  it('a job still waiting or running has no outcome, however many polls it took', () => {
    expect(generationOutcome({ status: 'success', data: job('PROCESSING'), error: null })).toBeNull();
    // The polling budget no longer ends the wait: the old "timeout" outcome is gone.
    expect(POLL.attempts).toBe(60);
  });

  it('ends on the result or on the failure', () => {
    expect(generationOutcome({ status: 'success', data: job('COMPLETED', '/a.png'), error: null })?.kind).toBe('done');
    expect(generationOutcome({ status: 'success', data: job('FAILED'), error: null })?.kind).toBe('failed');
  });

  it('keeps asking through a lost connection or a restarting server, with no limit on tries', () => {
    const offline = new ApiError(0, 'NETWORK_ERROR', 'Network connection failed');
    const restarting = new ApiError(502, 'INTERNAL', 'Bad gateway');
    for (const failures of [0, 4, 5, 50, 500]) {
      expect(retryGenerationStatus(failures, offline)).toBe(true);
      expect(retryGenerationStatus(failures, restarting)).toBe(true);
      expect(retryGenerationStatus(failures, new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe(true);
    }
  });

  it('stops at once on an answer that will not change', () => {
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
