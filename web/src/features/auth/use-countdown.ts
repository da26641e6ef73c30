import { useEffect, useState } from 'react';

/** Seconds until a new code may be sent, counting down to 0 once set. */
export function useCountdown() {
  const [countdown, setCountdown] = useState(0);
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);
  return [countdown, setCountdown] as const;
}
