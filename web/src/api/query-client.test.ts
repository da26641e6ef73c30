import { QueryObserver } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { invalidateCredits, keys, queryClient } from './query-client';

afterEach(() => queryClient.clear());

/** A balance the test answers by hand, so a read can be held in flight while credits move. */
function heldBalance() {
  const answers: Array<(balance: number) => void> = [];
  const observer = new QueryObserver(queryClient, {
    queryKey: keys.balance,
    queryFn: () => new Promise<number>((resolve) => answers.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => {});
  return { answers, observer, unsubscribe };
}

it('re-reads the balance when credits move while its first read is still in flight', async () => {
  const { answers, observer, unsubscribe } = heldBalance();
  await expect.poll(() => answers.length).toBe(1);

  // The job is charged while the first read (started before the charge) is still out.
  const invalidated = invalidateCredits();
  answers[0]?.(20);
  await expect.poll(() => answers.length).toBe(2);
  answers[1]?.(16);
  await invalidated;

  expect(observer.getCurrentResult().data).toBe(16);
  unsubscribe();
});
