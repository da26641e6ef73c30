/**
 * The Worker's one retry loop: runs `attempt` until it resolves, waiting between tries, and gives up
 * with the last error once `retries` are spent or `shouldRetry` says a failure is final. Hand-written
 * rather than p-retry: p-retry adds ≈ 1.2 KB gzipped to the Worker script, which is at its size
 * budget (docs/decisions/076-error-path-and-one-retry.md).
 */
export interface RetryOptions {
  /** Tries after the first; 0 runs `attempt` once. */
  retries: number;
  /** The wait before retry n (1-based), in ms: a number for a fixed wait. By default {@link backoff}'s. */
  delayMs?: number | ((retry: number) => number);
  /**
   * Whether this failure is worth another try; every one is by default. Asked only while retries
   * remain; it may be async (a caller can record the failure first) and is where a caller stops early.
   */
  shouldRetry?: (error: unknown, retry: number) => boolean | Promise<boolean>;
  /** How to wait; tests pass their own so that nothing really waits. */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Exponential back-off with jitter: retry n waits between half and all of `baseMs`·2ⁿ⁻¹ (at most
 * `maxMs`), so callers that failed together do not all come back at the same moment.
 */
export function backoff({ baseMs = 250, maxMs = 10_000, random = Math.random } = {}): (retry: number) => number {
  return (retry) => {
    const ceiling = Math.min(baseMs * 2 ** (retry - 1), maxMs);
    return Math.round(ceiling / 2 + (ceiling / 2) * random());
  };
}

/** `attempt` is told how many retries came before it (0 the first time). */
export async function retry<T>(attempt: (retried: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { retries, delayMs = backoff(), shouldRetry = () => true, sleep = wait } = options;
  for (let retried = 0; ; retried++) {
    try {
      return await attempt(retried);
    } catch (error) {
      if (retried >= retries || !(await shouldRetry(error, retried + 1))) throw error;
    }
    const ms = typeof delayMs === 'number' ? delayMs : delayMs(retried + 1);
    if (ms > 0) await sleep(ms);
  }
}
