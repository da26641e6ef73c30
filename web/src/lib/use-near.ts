import { startTransition, useEffect, useState } from 'react';

/**
 * True once the element given to `ref` comes within `rootMargin` of the viewport (an
 * IntersectionObserver), or at once when the address names a fragment (`/#faq` needs the section
 * there to scroll to) or the browser has no IntersectionObserver. Stays true. The update is a
 * transition: what it reveals renders in slices (decision 087).
 */
export function useNear(rootMargin: string): { ref: (element: HTMLElement | null) => void; near: boolean } {
  const [element, ref] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(() => window.location.hash !== '' || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, rootMargin]);
  return { ref, near };
}
