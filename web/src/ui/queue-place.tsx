import { useLingui } from '@lingui/react/macro';
import { Hourglass } from 'lucide-react';
import { useCallback } from 'react';
import type { QueuePlace } from '@web/api/types';
import { startEstimate } from './queue-wait';

/** The words for a waiting job's place: "Waiting — 3 ahead of you" and "Starts in about 20 seconds". */
export function useQueuePlaceText() {
  const { t } = useLingui();
  return useCallback(
    (place: QueuePlace) => {
      const { ahead } = place;
      const headline = ahead === 0 ? t`Waiting — you're next` : t`Waiting — ${ahead} ahead of you`;
      const estimate = startEstimate(place.estimatedStartSeconds);
      let start: string;
      if (estimate.unit === 'soon') start = t`Starts in a few seconds`;
      else if (estimate.unit === 'seconds') {
        const seconds = estimate.value;
        start = t`Starts in about ${seconds} seconds`;
      } else if (estimate.value === 1) start = t`Starts in about 1 minute`;
      else {
        const minutes = estimate.value;
        start = t`Starts in about ${minutes} minutes`;
      }
      return { headline, start };
    },
    [t],
  );
}

/**
 * A job waiting for the image engine: its place and rough start, in place of percent progress
 * (nothing is being drawn yet). A polite live region, so a screen reader hears the place change
 * (with the estimate) without being interrupted.
 */
export function QueuePlaceNote({ place, className = '' }: { place: QueuePlace; className?: string }) {
  const { headline, start } = useQueuePlaceText()(place);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="queue-place"
      className={`flex items-center gap-3 rounded-xl border border-white/10 bg-ink-900/85 px-4 py-3 shadow-lg backdrop-blur-sm text-left ${className}`}
    >
      <Hourglass aria-hidden className="h-5 w-5 shrink-0 text-fuchsia-300 motion-safe:animate-pulse" strokeWidth={1.75} />
      <div className="min-w-0">
        <p className="font-medium text-zinc-100">{headline}</p>
        {/* The estimate moves with every poll: read with the place, but not announced on its own every few seconds. */}
        <p aria-live="off" className="text-sm text-zinc-400">
          {start}
        </p>
      </div>
    </div>
  );
}
