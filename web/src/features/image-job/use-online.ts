import { useEffect, useState, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser says it has a network (`navigator.onLine`, kept current by the online and
 * offline events). While it is false, requests are not even tried (TanStack Query pauses them), so
 * no failed call would ever say the page is out of reach: the page asks this instead.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * `progress` held where it was when the browser went offline: nothing is heard from the server then,
 * so a bar that kept climbing would pretend the job is nearly done.
 */
export function useHeldWhileOffline(progress: number, offline: boolean): number {
  const [held, setHeld] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the value at the moment the connection went, not after
  useEffect(() => setHeld(offline ? progress : null), [offline]);
  return offline ? (held ?? progress) : progress;
}
