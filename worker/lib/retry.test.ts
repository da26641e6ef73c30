import { describe, expect, it, vi } from 'vitest';
import { backoff, retry } from './retry';

/** A sleep that only records the waits asked for. */
function recordedSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

/** An attempt that fails `failures` times, then answers 'done'. */
function failing(failures: number) {
  return vi.fn(async (retried: number) => {
    if (retried < failures) throw new Error(`failure ${retried + 1}`);
    return 'done';
  });
}

describe('retry', () => {
  it('answers the first success, telling each try how many came before it', async () => {
    const { waits, sleep } = recordedSleep();
    const attempt = failing(2);
    await expect(retry(attempt, { retries: 5, delayMs: 100, sleep })).resolves.toBe('done');
    expect(attempt.mock.calls.map(([retried]) => retried)).toEqual([0, 1, 2]);
    expect(waits).toEqual([100, 100]);
  });

  it('throws the last error once the retries are spent', async () => {
    const { waits, sleep } = recordedSleep();
    const attempt = failing(10);
    await expect(retry(attempt, { retries: 2, delayMs: (n) => n * 10, sleep })).rejects.toThrow('failure 3');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([10, 20]);
  });

  it('runs once with no retries', async () => {
    const attempt = failing(1);
    await expect(retry(attempt, { retries: 0, sleep: recordedSleep().sleep })).rejects.toThrow('failure 1');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('stops at a failure the predicate calls final, asking it (even async) only while retries remain', async () => {
    const { waits, sleep } = recordedSleep();
    const asked: [string, number][] = [];
    const shouldRetry = async (error: unknown, n: number) => {
      asked.push([(error as Error).message, n]);
      return n < 2;
    };
    await expect(retry(failing(10), { retries: 5, delayMs: 1, shouldRetry, sleep })).rejects.toThrow('failure 2');
    expect(asked).toEqual([
      ['failure 1', 1],
      ['failure 2', 2],
    ]);
    expect(waits).toEqual([1]);

    const never = vi.fn(() => true);
    await expect(retry(failing(10), { retries: 1, delayMs: 1, shouldRetry: never, sleep })).rejects.toThrow('failure 2');
    expect(never).toHaveBeenCalledTimes(1);
  });

  it('does not wait at all for a zero delay', async () => {
    const { waits, sleep } = recordedSleep();
    await expect(retry(failing(3), { retries: 3, delayMs: 0, sleep })).resolves.toBe('done');
    expect(waits).toEqual([]);
  });

  it('waits with setTimeout by default', async () => {
    vi.useFakeTimers();
    try {
      const answer = retry(failing(1), { retries: 1, delayMs: 5_000 });
      await vi.advanceTimersByTimeAsync(4_999);
      let settled = false;
      void answer.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(answer).resolves.toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('backoff', () => {
  it('doubles from the base up to the cap, jittered between half and all of it', () => {
    const low = backoff({ baseMs: 1000, maxMs: 10_000, random: () => 0 });
    const high = backoff({ baseMs: 1000, maxMs: 10_000, random: () => 1 });
    expect([1, 2, 3, 4, 5, 6].map(low)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect([1, 2, 3, 4, 5, 6].map(high)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoff({ random: () => 0.5 })(1)).toBe(188);
  });
});
