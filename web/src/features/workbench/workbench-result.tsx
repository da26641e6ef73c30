import type { GenerationStatus } from '@web/api/types';
import { JobWaiting } from '@web/features/image-job/job-result-panel';
import { ResultActions, ResultFacts } from './results';
import type { WorkbenchMode } from './advanced-options-values';
import type { useGeneration } from './use-generation';

/** The waiting placeholder with a progress bar and its percent under it (not while the job waits in the queue). */
export function WorkbenchWaiting({ job }: { job: ReturnType<typeof useGeneration> }) {
  return (
    <div className="w-full max-w-sm text-center">
      <JobWaiting job={job} className="relative mb-5" skeleton="mx-auto " />
      {!job.queue && (
        <>
          <div
            className="h-2 overflow-hidden rounded-full bg-white/10"
            role="progressbar"
            aria-valuenow={Math.round(job.progress)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-all" style={{ width: `${job.progress}%` }} />
          </div>
          <p className="mt-2 text-sm text-zinc-400">{Math.round(job.progress)}%</p>
        </>
      )}
    </div>
  );
}

/** One finished image, described by its prompt, with its facts and actions. */
export function WorkbenchResult({
  result,
  mode,
  prompt,
  busy,
  onReuseSeed,
  onMoreLikeThis,
  onRegenerate,
}: {
  result: GenerationStatus & { imageUrl: string };
  /** The mode of the run that made it (the tab may have changed since). */
  mode: WorkbenchMode;
  prompt: string;
  busy: boolean;
  onReuseSeed: (seed: number) => void;
  onMoreLikeThis: () => void;
  onRegenerate: () => void;
}) {
  return (
    <figure className="w-full">
      <img src={result.imageUrl} alt={prompt} className="mx-auto max-h-[640px] rounded-2xl object-contain" data-testid="result-image" />
      <figcaption className="mt-4 flex flex-col items-center gap-3">
        <ResultFacts status={result} />
        <ResultActions
          status={result}
          mode={mode}
          onReuseSeed={onReuseSeed}
          onMoreLikeThis={onMoreLikeThis}
          onRegenerate={onRegenerate}
          busy={busy}
        />
      </figcaption>
    </figure>
  );
}
