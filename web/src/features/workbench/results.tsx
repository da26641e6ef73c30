import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { GenerationStatus, QueuePlace } from '@web/api/types';
import { queries } from '../../api/queries';
import { Button } from '../../ui/button';
import { downloadImage } from '../../ui/download';
import { useQueuePlaceText } from '../../ui/queue-place';
import { JobWaitNote } from '../../ui/queue-wait-note';
import { useToast } from '../../ui/toast';
import { useOnline } from '../image-job/use-online';
import { OPTION_NAMES } from './advanced-options';
import type { WorkbenchMode } from './advanced-options-values';
import { creationFileName } from './creation-actions';
import { useJobFailureText } from './failure-text';
import { generationRetryDelay, POLL, retryGenerationStatus } from './use-generation';

/** The creation type a workbench mode records, which names its downloads. */
const MODE_TYPE = { 'text-to-image': 'TEXT_TO_IMAGE', 'image-to-image': 'IMAGE_TO_IMAGE' } as const;

/**
 * A finished image's file name: the run's kind, its place in a batch, the end of its creation's id
 * and today (`text-to-image-2-4k9x2m-2026-12-06.png`), so the images of one run never share a name.
 */
export const resultFileName = (status: Pick<GenerationStatus, 'recordId'>, mode: WorkbenchMode, batch?: number) =>
  creationFileName({ id: status.recordId, type: MODE_TYPE[mode], createdAt: new Date().toISOString() }, batch);

const ended = (status: GenerationStatus | undefined) =>
  status?.status === 'FAILED' || (status?.status === 'COMPLETED' && !!status.imageUrl);

/**
 * The statuses of a batch of variations, each polled until it ends (the first job is also followed
 * by useGeneration for the progress bar; they share the query cache). `busy` while any still runs.
 */
export function useBatchStatuses(jobIds: readonly string[] | null) {
  const results = useQueries({
    queries: (jobIds ?? []).map((id) => ({
      ...queries.generationStatus(id),
      refetchInterval: (query: { state: { data?: GenerationStatus } }) => (ended(query.state.data) ? false : POLL.intervalMs),
      retry: retryGenerationStatus,
      retryDelay: generationRetryDelay,
    })),
  });
  return { statuses: results.map((r) => r.data), busy: results.some((r) => !ended(r.data)) };
}

/** A finished image's seed and the options its engine did not use, said under it. */
export function ResultFacts({ status }: { status: GenerationStatus }) {
  const { i18n } = useLinguiCore();
  const seed = status.seed;
  const ignored = (status.ignoredOptions ?? []).filter((o) => o !== 'seed' || status.seed !== null);
  const list = ignored.map((o) => i18n._(OPTION_NAMES[o])).join(i18n.locale.startsWith('zh') ? '、' : ', ');
  return (
    <div className="flex flex-col items-center gap-1 text-xs text-zinc-400">
      {seed !== null && (
        <span data-testid="result-seed">
          <Trans>Seed {seed}</Trans>
        </span>
      )}
      {ignored.length > 0 && (
        <span className="text-amber-200/80" data-testid="ignored-options">
          <Trans>Not used by this engine: {list}</Trans>
        </span>
      )}
    </div>
  );
}

const loadMenu = () => import('./use-as-input-menu');
const UseAsInputMenu = lazy(() => loadMenu().then((m) => ({ default: m.UseAsInputMenu })));

/**
 * Fetches the "Use as input" menu (react-aria's menu, popover and collection code) when a run starts:
 * the form renders without it, and the finished image finds it loaded. (Fetched when idle instead,
 * its evaluation landed in the page's start-up and raised Lighthouse's blocking time.)
 */
export const preloadResultMenu = () => void loadMenu();

/** The menu's button while its code loads: the same look, not yet pressable. */
function UseAsInputPlaceholder() {
  return (
    <Button variant="secondary" isDisabled>
      <Trans>Use as input</Trans>
    </Button>
  );
}

/**
 * What a finished image offers: download, upscale, use it as the input of another tool, reuse its
 * seed, and more like it (the same settings with new seeds).
 */
export function ResultActions({
  status,
  mode,
  batch,
  onReuseSeed,
  onMoreLikeThis,
  onRegenerate,
  busy,
}: {
  status: GenerationStatus;
  /** The mode of the run that made it, and its place (1, 2, …) in a batch: both name the download. */
  mode: WorkbenchMode;
  batch?: number;
  onReuseSeed: (seed: number) => void;
  onMoreLikeThis: () => void;
  onRegenerate?: () => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const imageUrl = status.imageUrl!;
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button
        variant="secondary"
        onPress={() => void downloadImage(imageUrl, resultFileName(status, mode, batch)).catch(() => toast.error(t`Download failed`))}
      >
        <Trans>Download</Trans>
      </Button>
      <Button
        variant="secondary"
        onPress={() => void navigate({ to: '/image-upscaler', search: { imageUrl, sourceRecordId: status.recordId } })}
      >
        <Trans>Upscale</Trans>
      </Button>
      <Suspense fallback={<UseAsInputPlaceholder />}>
        <UseAsInputMenu status={status} />
      </Suspense>
      {status.seed !== null && (
        <Button variant="secondary" isDisabled={busy} onPress={() => onReuseSeed(status.seed!)} data-testid="reuse-seed">
          <Trans>Reuse this seed</Trans>
        </Button>
      )}
      <Button variant="secondary" isDisabled={busy} onPress={onMoreLikeThis} data-testid="more-like-this">
        <Trans>More like this</Trans>
      </Button>
      {onRegenerate && (
        <Button variant="secondary" isDisabled={busy} onPress={onRegenerate}>
          <Trans>Regenerate</Trans>
        </Button>
      )}
    </div>
  );
}

/** One image of a batch: waiting or drawing, finished with its actions, or failed (its share refunded). */
function BatchCard({
  status,
  mode,
  index,
  prompt,
  onReuseSeed,
  onMoreLikeThis,
  busy,
}: {
  status: GenerationStatus | undefined;
  mode: WorkbenchMode;
  index: number;
  prompt: string;
  onReuseSeed: (seed: number) => void;
  onMoreLikeThis: () => void;
  busy: boolean;
}) {
  const failureText = useJobFailureText();
  const { t } = useLingui();
  const number = index + 1;
  if (status?.status === 'COMPLETED' && status.imageUrl) {
    return (
      <li className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-ink-900/40 p-3" data-testid="batch-result">
        <img
          src={status.imageUrl}
          alt={t`Variation ${number}: ${prompt}`}
          className="mx-auto max-h-[420px] w-full rounded-xl object-contain"
          data-testid="result-image"
        />
        <ResultFacts status={status} />
        <ResultActions status={status} mode={mode} batch={number} onReuseSeed={onReuseSeed} onMoreLikeThis={onMoreLikeThis} busy={busy} />
      </li>
    );
  }
  if (status?.status === 'FAILED') {
    return (
      <li
        className="flex flex-col items-center justify-center gap-2 rounded-2xl border border-rose-400/20 bg-ink-900/40 p-6 text-center"
        data-testid="batch-failed"
      >
        <CircleAlert aria-hidden className="h-8 w-8 text-rose-300/80" strokeWidth={1.5} />
        <p className="text-sm font-medium text-rose-200">
          {failureText(status.failureCode, status.message) ?? <Trans>Generation failed, please try again</Trans>}
        </p>
        <p className="text-xs text-zinc-400">
          <Trans>The credits for this image are back in your balance.</Trans>
        </p>
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-white/10 bg-ink-900/40 p-3" data-testid="batch-pending">
      <div className="skeleton aspect-square w-full rounded-xl" />
      {status?.queue ? (
        <BatchQueuePlace number={number} place={status.queue} />
      ) : (
        <p className="text-center text-xs text-zinc-400">
          <Trans>Variation {number}: generating…</Trans>
        </p>
      )}
    </li>
  );
}

/**
 * A waiting variation's own place in the engine's queue, as its status reports it (the batch's jobs
 * queue in their order, so variation 2 stands behind variation 1): "Waiting — 9 ahead of you".
 */
function BatchQueuePlace({ number, place }: { number: number; place: QueuePlace }) {
  const { headline, start } = useQueuePlaceText()(place);
  return (
    <div className="text-center text-xs" data-testid="batch-queue-place">
      <p className="font-medium text-zinc-200">
        <Trans>Variation {number}</Trans> · {headline}
      </p>
      <p className="text-zinc-400">{start}</p>
    </div>
  );
}

/** The variations of one run, in a grid (one column on a phone, two from tablets up). */
export function BatchGrid({
  statuses,
  mode,
  prompt,
  onReuseSeed,
  onMoreLikeThis,
  busy,
}: {
  statuses: (GenerationStatus | undefined)[];
  mode: WorkbenchMode;
  prompt: string;
  onReuseSeed: (seed: number) => void;
  onMoreLikeThis: () => void;
  busy: boolean;
}) {
  const done = statuses.filter((s) => s?.status === 'COMPLETED').length;
  const total = statuses.length;
  const online = useOnline();
  return (
    <div className="flex w-full flex-col gap-3 self-start">
      {busy && !online && <JobWaitNote slow={false} reconnecting={false} offline />}
      <p className="text-sm text-zinc-400" role="status" data-testid="batch-progress">
        <Trans>
          {done} of {total} images ready
        </Trans>
      </p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="batch-grid">
        {statuses.map((status, i) => (
          <BatchCard
            // biome-ignore lint/suspicious/noArrayIndexKey: the batch's order is fixed; a card keeps its place while its status loads
            key={i}
            status={status}
            mode={mode}
            index={i}
            prompt={prompt}
            onReuseSeed={onReuseSeed}
            onMoreLikeThis={onMoreLikeThis}
            busy={busy}
          />
        ))}
      </ul>
    </div>
  );
}
