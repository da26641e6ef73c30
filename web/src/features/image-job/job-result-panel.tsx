import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import type { GenerationStatus } from '@web/api/types';
import { JobWaitNote } from '@web/ui/queue-wait-note';
import { QueuePlaceNote } from '@web/ui/queue-place';
import { FailureNote } from '@web/features/workbench/failure-note';
import type { Finished } from './job-status';
import type { useGeneration } from './use-generation';
import { useOnline } from './use-online';

type Generation = ReturnType<typeof useGeneration>;

/**
 * The placeholder drawn while a job runs, with the queue place and the "taking a while" or
 * "reconnecting" note over it — over it, not below: on a phone the panel is scrolled to, and its
 * lower part may be off screen.
 */
export function JobWaiting({
  job,
  className = 'relative w-full max-w-sm',
  skeleton = '',
}: {
  job: Generation;
  className?: string;
  skeleton?: string;
}) {
  const online = useOnline();
  return (
    <div className={className}>
      <div className={`skeleton ${skeleton}aspect-square w-full rounded-2xl`} />
      <div className="absolute inset-x-4 top-1/2 flex -translate-y-1/2 flex-col gap-2">
        {job.queue && <QueuePlaceNote place={job.queue} />}
        <JobWaitNote slow={job.slow} reconnecting={job.reconnecting} offline={!online} />
      </div>
    </div>
  );
}

/**
 * The start button's words: waiting in the queue, drawing with its percent (said to be offline
 * while the browser has no network: the job's bar holds then, see POLL.holdOffline), or `idle` (Generate).
 */
export function JobButtonLabel({ job, busy, idle }: { job: Generation; busy: boolean; idle?: ReactNode }) {
  const offline = !useOnline();
  const progress = Math.round(job.progress);
  if (job.queue) return <Trans>Waiting…</Trans>;
  if (busy && offline) return <Trans>Offline… {progress}%</Trans>;
  if (busy) return <Trans>Generating… {progress}%</Trans>;
  return idle ?? <Trans>Generate</Trans>;
}

/**
 * The result side of a generation page, a polite live region: the waiting placeholder while the job
 * runs, `result` with the finished image, the failure when it failed, `idle` before any run.
 * `instead` replaces all of these (the workbench's grid of several images). On a phone the panel
 * sits below the form, so it is scrolled into view when a job starts and when it is ready.
 */
export function JobResultPanel({
  job,
  className,
  waiting,
  result,
  idle,
  instead,
}: {
  job: Generation;
  className: string;
  waiting?: ReactNode;
  result: (status: Finished<GenerationStatus>) => ReactNode;
  idle: ReactNode;
  instead?: ReactNode;
}) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (job.phase !== 'idle') section.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [job.phase]);
  const done = job.phase === 'done' ? job.result : null;
  return (
    <section ref={section} className={className} aria-live="polite">
      {instead ?? (
        <>
          {job.phase === 'generating' && (waiting ?? <JobWaiting job={job} />)}
          {done && result(done)}
          {job.phase === 'idle' && job.failure && <FailureNote failure={job.failure} />}
          {job.phase === 'idle' && !job.failure && idle}
        </>
      )}
    </section>
  );
}
