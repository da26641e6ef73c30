import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { downloadName } from '@web/lib/download-name';
import { Button } from '@web/ui/button';
import { QueuePlaceNote } from '@web/ui/queue-place';
import { RunCost } from '@web/features/image-job/run-cost';
import { useDownloadToasts } from '@web/features/image-job/use-download-toasts';
import type { UpscaleFactor } from '@worker/contract/upscale-limits';
import { useUpscaleCosts } from './costs';
import { downloadPng } from './download-png';
import { AlertIcon, DownloadIcon, ImageIcon, RefreshIcon, SparklesIcon } from './icons';
import type { SourceImage } from './upload-box';
import { UPSCALE_POLL } from './upscale-job';
import type { UpscaleProblem, useUpscale } from './use-upscale';

type Size = { width: number; height: number };
type Job = ReturnType<typeof useUpscale>;
type Result = NonNullable<Job['result']>;

const loadBeforeAfter = () => import('./before-after');
const BeforeAfter = lazy(() => loadBeforeAfter().then((m) => ({ default: m.BeforeAfter })));

/**
 * Fetches the before/after comparison (react-aria's slider and the core it shares) when a run
 * starts: the page paints without it, and the finished image finds it loaded.
 */
export const preloadBeforeAfter = () => void loadBeforeAfter();

/** The upscaled image where the comparison will be, while its code loads. */
function BeforeAfterPlaceholder({ after, width, height }: { after: string; width: number; height: number }) {
  const { t } = useLingui();
  return (
    <div
      className="mx-auto overflow-hidden rounded-2xl ring-1 ring-white/10"
      style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, calc(68vh * ${width / height}))` }}
    >
      <img src={after} alt={t`Upscaled`} className="h-full w-full object-contain" />
    </div>
  );
}

/** The page's badge, title and one line on what it does. */
export function UpscalerHeading() {
  return (
    <header className="max-w-3xl">
      <p className="inline-flex items-center gap-2 rounded-full border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-1 text-xs font-semibold text-fuchsia-200">
        <SparklesIcon className="h-3.5 w-3.5" />
        <Trans>AI super-resolution</Trans>
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
        <Trans>Image upscaler</Trans>
      </h1>
      <p className="mt-2 text-zinc-400">
        <Trans>Enlarge photos 2×, 4× or 8× with real added detail, then compare before and after.</Trans>
      </p>
    </header>
  );
}

/** The output size the run will make (or that it is too large at this factor), and its price. */
export function OutputLine({ planned, hasSource, factor }: { planned: Size | null; hasSource: boolean; factor: UpscaleFactor }) {
  const cost = useUpscaleCosts()?.[`${factor}`];
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
      <span className="text-zinc-400">
        {planned ? (
          <Trans>
            Output: {planned.width} × {planned.height} px
          </Trans>
        ) : hasSource ? (
          <Trans>Output: too large at {factor}×</Trans>
        ) : (
          <Trans>Output: {factor}× the original size</Trans>
        )}
      </span>
      {cost !== undefined && <RunCost cost={cost} testId="upscale-cost" />}
    </div>
  );
}

/** Enhance, filling with the progress while the job runs. */
export function EnhanceButton({ job, onPress, isDisabled }: { job: Job; onPress: () => void; isDisabled: boolean }) {
  const working = job.phase === 'working';
  return (
    <Button onPress={onPress} isDisabled={isDisabled} className="relative w-full overflow-hidden py-3 text-base">
      {working && (
        <span
          aria-hidden
          className="absolute inset-y-0 left-0 bg-white/15 transition-[width] duration-300"
          style={{ width: `${job.progress}%` }}
        />
      )}
      <SparklesIcon className="relative h-4 w-4" />
      <span className="relative">
        {job.queue ? <Trans>Waiting…</Trans> : working ? <Trans>Enhancing… {Math.round(job.progress)}%</Trans> : <Trans>Enhance</Trans>}
      </span>
    </Button>
  );
}

/** Why the upscale did not happen, any credits returned, and the way to buy more when that was the reason. */
export function UpscaleProblemNote({ problem }: { problem: UpscaleProblem }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-rose-400/30 bg-rose-500/10 p-3 text-sm text-rose-100"
      data-testid="upscale-error"
    >
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-rose-300" />
      <div className="min-w-0 flex-1">
        <p>{problem.message}</p>
        {problem.refunded ? (
          <p className="mt-1 text-rose-200/80" data-testid="upscale-refunded">
            <Trans>Your {problem.refunded} credits have been returned.</Trans>
          </p>
        ) : null}
        {problem.toPricing && (
          <Link
            to="/pricing"
            className="mt-2 inline-flex rounded-lg bg-white/10 px-3 py-1.5 text-xs font-semibold text-white hover:bg-white/15"
          >
            <Trans>Get more credits</Trans>
          </Link>
        )}
      </div>
    </div>
  );
}

/** Seconds since `since`, moving once a second. */
function useSecondsSince(since: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - since) / 1000));
}

/**
 * Once the bar has reached its cap (it is an animation, not the engine's progress), the job's real
 * state in words: the server still reports it running, and for how long. The engine reports no
 * step, so none is named.
 */
function StillRunningNote({ since }: { since: number }) {
  const { t } = useLingui();
  const elapsed = useSecondsSince(since);
  const minutes = Math.floor(elapsed / 60);
  const seconds = elapsed % 60;
  const duration = minutes ? t`${minutes} min ${seconds} s` : t`${seconds} s`;
  return (
    <p className="mt-1 text-center text-sm text-zinc-300" data-testid="upscale-still-running">
      <Trans>Still running on the engine ({duration} so far). Large images take longest; the job is not stuck.</Trans>
    </p>
  );
}

/** The progress bar (or the queue place), with the size being made. */
function UpscaleProgressBar({ job, planned }: { job: Job; planned: Size | null }) {
  const { t } = useLingui();
  if (job.queue) return <QueuePlaceNote place={job.queue} className="w-full max-w-sm" />;
  const atCap = job.progress >= UPSCALE_POLL.fakeProgressCap && job.progress < 100;
  return (
    <div className="w-full max-w-sm">
      <div
        className="h-2 overflow-hidden rounded-full bg-white/10"
        role="progressbar"
        aria-label={t`Upscale progress`}
        aria-valuenow={Math.round(job.progress)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className="h-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-[width] duration-300"
          style={{ width: `${job.progress}%` }}
        />
      </div>
      <p className="mt-2 text-center text-sm text-zinc-400">
        {planned && (
          <Trans>
            Upscaling to {planned.width} × {planned.height} px… {Math.round(job.progress)}%
          </Trans>
        )}
      </p>
      {atCap && job.runningSince !== null && <StillRunningNote since={job.runningSince} />}
    </div>
  );
}

/** While the job runs: the source dimmed under a placeholder, the progress, and the reconnecting or slow note. */
export function UpscaleWorking({ job, source, planned }: { job: Job; source: SourceImage; planned: Size | null }) {
  return (
    <div className="flex w-full max-w-xl flex-col items-center gap-5">
      <div
        className="relative overflow-hidden rounded-2xl"
        style={{ aspectRatio: `${source.width} / ${source.height}`, width: `min(100%, calc(56vh * ${source.width / source.height}))` }}
      >
        <img src={source.preview} alt="" className="h-full w-full object-contain opacity-40 blur-[2px]" />
        <div className="skeleton absolute inset-0 opacity-40" />
      </div>
      <UpscaleProgressBar job={job} planned={planned} />
      {job.reconnecting && (
        <p role="status" className="flex items-center gap-2 text-sm text-amber-200" data-testid="upscale-reconnecting">
          <RefreshIcon className="h-4 w-4 motion-safe:animate-spin" />
          <Trans>Reconnecting…</Trans>
        </p>
      )}
      {job.slow && (
        <div
          role="status"
          className="w-full max-w-sm rounded-xl border border-white/10 bg-white/5 p-3 text-center text-sm text-zinc-300"
          data-testid="upscale-slow"
        >
          <p>
            <Trans>
              This is taking a while. Keep this page open and the result will show here; it will also appear in{' '}
              <Link to="/records" className="font-medium text-violet-200 underline underline-offset-2 hover:text-white">
                My creations
              </Link>
              .
            </Trans>
          </p>
        </div>
      )}
    </div>
  );
}

/** Before and after, the output size, Run again and Download PNG. */
export function UpscaleResult({
  result,
  source,
  shown,
  onOutput,
  onRunAgain,
}: {
  result: Result & { imageUrl: string };
  source: SourceImage;
  shown: Size | null;
  onOutput: (size: Size) => void;
  onRunAgain: () => void;
}) {
  const notify = useDownloadToasts();
  return (
    <>
      <Suspense fallback={<BeforeAfterPlaceholder after={result.imageUrl} width={source.width} height={source.height} />}>
        <BeforeAfter before={source.preview} after={result.imageUrl} width={source.width} height={source.height} onAfterLoad={onOutput} />
      </Suspense>
      <div className="flex w-full flex-wrap items-center justify-between gap-3 rounded-2xl border border-white/10 bg-ink-900/60 p-3">
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-zinc-100" data-testid="upscale-output-size">
            {shown ? (
              <Trans>
                {shown.width} × {shown.height} px
              </Trans>
            ) : (
              '\u00a0'
            )}
          </p>
          <p className="text-xs text-zinc-400">
            <Trans>
              {result.scaleFactor}× from {source.width} × {source.height} px
            </Trans>
            {result.faceEnhancement && (
              <>
                {' · '}
                <Trans>face enhancement on</Trans>
              </>
            )}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="ghost" onPress={onRunAgain}>
            <RefreshIcon className="h-4 w-4" />
            <Trans>Run again</Trans>
          </Button>
          <Button onPress={() => notify(downloadPng(result.imageUrl, downloadName(`upscaled-${result.scaleFactor}x`)))}>
            <DownloadIcon className="h-4 w-4" />
            <Trans>Download PNG</Trans>
          </Button>
        </div>
      </div>
    </>
  );
}

/** Before any run: what will appear here, or that the image is ready to enhance. */
export function UpscaleIdle({ hasSource }: { hasSource: boolean }) {
  return (
    <div className="flex max-w-sm flex-col items-center gap-3 py-10 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-3xl bg-gradient-to-br from-violet-500/20 to-fuchsia-500/20 text-violet-200 ring-1 ring-white/10">
        <ImageIcon className="h-8 w-8" />
      </span>
      <p className="font-medium text-zinc-200">
        {hasSource ? <Trans>Ready when you are</Trans> : <Trans>Your upscaled image will appear here</Trans>}
      </p>
      <p className="text-sm text-zinc-500">
        {hasSource ? (
          <Trans>Press Enhance; you can compare before and after when it is done.</Trans>
        ) : (
          <Trans>Upload a photo, choose 2×, 4× or 8×, and press Enhance.</Trans>
        )}
      </p>
    </div>
  );
}
