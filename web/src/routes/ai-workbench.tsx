import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ImagePlus, Upload, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { oneOf, searchParams, text } from '../lib/search-params';
import { api } from '../api/endpoints';
import { fetchFile } from '../api/files';
import { queries } from '../api/queries';
import { useLoginModal } from '../features/auth/login-modal';
import { applySuffix, sendWithSuffix } from '../features/workbench/prompt-suffix';
import { INSPIRATION, QUICK_STYLES, SIZE_OPTIONS, STYLE_OPTIONS } from '../features/workbench/styles';
import { FailureNote } from '../features/workbench/failure-note';
import {
  AdvancedOptions,
  type AdvancedOptionsValue,
  initialAdvancedOptions,
  invalidOption,
  optionFields,
} from '../features/workbench/advanced-options';
import { BatchGrid, ResultActions, ResultFacts, useBatchStatuses } from '../features/workbench/results';
import type { GenerationStatus } from '@worker/contract/generation';
import { OPTION_LIMITS } from '@worker/contract/generation-options';
import { useGeneration } from '../features/workbench/use-generation';
import { checkTextLimit } from '../features/workbench/text-limit';
import { TextLimitNote } from '../features/workbench/text-limit-note';
import { JobWaitNote } from '../ui/queue-wait-note';
import { Button } from '../ui/button';
import { Page } from '../ui/page';
import { QueuePlaceNote } from '../ui/queue-place';
import { useToast } from '../ui/toast';
import { UPLOAD, uploadTypes } from '@worker/contract/uploads';
import { PROMPT_MAX } from '@worker/contract/sizes';

/** Until the server's prices arrive (or when they cannot be loaded). */
const DEFAULT_COSTS = { costByResolution: {} as Record<string, number>, defaultCost: 4 };

const MAX_IMAGES = 5;
const MAX_BYTES = UPLOAD.maxBytes;
const TYPES = uploadTypes(false);
/** <Trans> renders in the current language wherever it is created, so the tab labels can be built once. */
const COUNTS = Array.from({ length: OPTION_LIMITS.count.max }, (_, i) => i + 1);
const MODE_TABS = [
  ['text-to-image', <Trans key="t">Text to image</Trans>],
  ['image-to-image', <Trans key="i">Image editing</Trans>],
] as const;

/** A picked source image (the lucide `Upload` icon is a different thing with the same name). */
interface PickedImage {
  id: string;
  file: File;
  preview: string;
  name: string;
}

function Workbench() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const toast = useToast();
  const login = useLoginModal();
  const generation = useGeneration();
  const mode = search.mode ?? 'text-to-image';
  const [prompt, setPrompt] = useState(search.prompt ?? '');
  const [style, setStyle] = useState<string>('realistic');
  // The style description last appended: as the reader sees it, and the English the job is sent.
  const [appended, setAppended] = useState<{ shown: string; sent: string }>();
  const [size, setSize] = useState<(typeof SIZE_OPTIONS)[number]>(SIZE_OPTIONS[0]);
  const models = useQuery(queries.models());
  const costs = models.data?.costs ?? DEFAULT_COSTS;
  const [uploads, setUploads] = useState<PickedImage[]>([]);
  const [advanced, setAdvanced] = useState<AdvancedOptionsValue>(() => initialAdvancedOptions(mode));
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [count, setCount] = useState(1);
  // The jobs of the last run when it made several images (variations); null for one image.
  const [batchIds, setBatchIds] = useState<string[] | null>(null);
  const batch = useBatchStatuses(batchIds);
  // The last run's request, so "More like this" can send the same settings with new seeds.
  const lastRun = useRef<((seed: number | undefined) => () => Promise<GenerationStatus>) | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const resultSection = useRef<HTMLElement>(null);
  // On a phone the result sits below the form: bring it into view (with a waiting job's place) when it starts and when it is ready.
  useEffect(() => {
    if (generation.phase !== 'idle') resultSection.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [generation.phase]);

  // The guidance default differs between the modes (7 and 7.5): an untouched value follows the tab.
  useEffect(() => {
    const fresh = initialAdvancedOptions(mode);
    const other = initialAdvancedOptions(mode === 'text-to-image' ? 'image-to-image' : 'text-to-image');
    setAdvanced((a) => (a.cfgScale === other.cfgScale ? { ...a, cfgScale: fresh.cfgScale } : a));
  }, [mode]);

  // A notification, not state: the page carries on with the default costs.
  useEffect(() => {
    if (models.isError) toast.warning(t`Failed to load available models. Using default models.`);
  }, [models.isError, t, toast]);
  useEffect(
    () => () => {
      for (const u of uploads) URL.revokeObjectURL(u.preview);
    },
    [uploads],
  );

  // imageUrls (comma separated, max 5) preload editing inputs, e.g. "re-edit" from My creations.
  useEffect(() => {
    const urls = (search.imageUrls ?? '').split(',').filter(Boolean).slice(0, MAX_IMAGES);
    if (urls.length === 0) return;
    void Promise.all(
      urls.map(async (url, i) => {
        const blob = await fetchFile(url);
        const file = new File([blob], `source-${i + 1}.${blob.type.split('/')[1] ?? 'png'}`, { type: blob.type });
        return { id: crypto.randomUUID(), file, preview: URL.createObjectURL(file), name: file.name };
      }),
    ).then(setUploads, () => toast.error(t`Upload failed`));
  }, [search.imageUrls, t, toast]);

  const cost = costs.costByResolution[`${size.width}x${size.height}`] ?? costs.defaultCost;
  const generating = generation.phase === 'generating' || (batchIds !== null && batch.busy);
  const badOption = invalidOption(advanced);
  const honoured = models.data?.models.nano?.options?.[mode === 'text-to-image' ? 'textToImage' : 'edit'] ?? null;
  const promptLimit = checkTextLimit(prompt, { max: PROMPT_MAX, required: true });
  const promptMax = new Intl.NumberFormat(i18n.locale).format(PROMPT_MAX);
  // Why Start is disabled, said under it (nothing when it is enabled or a job runs).
  const blocker = generating
    ? null
    : promptLimit.kind === 'too-long'
      ? t`Shorten the prompt to ${promptMax} characters or fewer to start.`
      : promptLimit.kind === 'empty'
        ? mode === 'text-to-image'
          ? t`Write a prompt to start.`
          : t`Describe the effect you want to start.`
        : mode === 'image-to-image' && uploads.length === 0
          ? t`Upload at least one image to start.`
          : badOption
            ? t`Fix the advanced options to start.`
            : null;
  const canStart = !generating && blocker === null;

  function addFiles(files: FileList | File[]) {
    const list = [...files];
    const room = MAX_IMAGES - uploads.length;
    if (list.length > room) toast.warning(t`You can add ${room} more image(s); extra files were dropped.`);
    const accepted: PickedImage[] = [];
    for (const file of list.slice(0, Math.max(room, 0))) {
      if (!TYPES.includes(file.type)) {
        toast.error(t`Only JPG, PNG, WebP formats are supported`);
        continue;
      }
      if (file.size > MAX_BYTES) {
        toast.error(t`Image size cannot exceed 10MB`);
        continue;
      }
      accepted.push({ id: crypto.randomUUID(), file, preview: URL.createObjectURL(file), name: file.name });
    }
    setUploads((current) => [...current, ...accepted]);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  }

  // The reader's comma: a Chinese prompt continues after a full-width one.
  const joiner = i18n.locale.startsWith('zh') ? '，' : ', ';
  function chooseStyle(id: string, option: { suffix: string; shown: MessageDescriptor }) {
    const shown = i18n._(option.shown);
    setStyle(id);
    setPrompt((p) => applySuffix(p, appended?.shown, shown, joiner));
    setAppended({ shown, sent: option.suffix });
  }

  /**
   * Sends the run. `seed`: undefined takes the form's (or a new random one); a number is used as is.
   * The seed field follows the lock: locked, it keeps the run's seed for the next run; unlocked, it
   * empties so the next run draws a new one.
   */
  function run(send: (seed: number | undefined) => () => Promise<GenerationStatus>, seed: number | undefined) {
    lastRun.current = send;
    setBatchIds(null);
    login.requireSignIn(
      () =>
        void generation.start(async () => {
          const answer = await send(seed)();
          const ids = answer.batch?.jobIds ?? [];
          if (ids.length > 1) setBatchIds(ids);
          // Locked: a seed in the field stays; an empty field takes this run's, so the next run repeats it.
          setAdvanced((a) =>
            a.seedLocked ? { ...a, seed: a.seed || (answer.seed === null ? '' : String(answer.seed)) } : { ...a, seed: '' },
          );
          return answer;
        }),
    );
  }

  function startGeneration(updateRecordId?: string) {
    if (!prompt.trim()) {
      toast.warning(mode === 'text-to-image' ? t`Please enter a prompt` : t`Please describe the effect you want`);
      return;
    }
    if (mode === 'image-to-image' && uploads.length === 0) {
      toast.warning(t`Please upload an image first`);
      return;
    }
    if (badOption) {
      setAdvancedOpen(true);
      return;
    }
    // The style description goes out in English; should that not fit the limit, the prompt goes as typed.
    const swapped = sendWithSuffix(prompt, appended);
    const sent = swapped.length <= PROMPT_MAX ? swapped : prompt.trim();
    // The seed is the run's, not the settings': "More like this" sends the same settings without it.
    const { seed: formSeed, ...options } = optionFields(advanced, mode);
    // Regenerating a creation makes one image in its place.
    const images = updateRecordId ? 1 : count;
    const files = uploads.map((u) => ({ file: u.file, name: u.name }));
    // Linked to the creation it came from only while the first input is still the image handed over.
    const sourceRecordId = uploads[0]?.name.startsWith('source-') ? search.sourceRecordId : undefined;
    const send = (seed: number | undefined) => () => {
      const fields = { ...options, ...(seed === undefined ? {} : { seed }) };
      if (mode === 'text-to-image') {
        return api.generate({
          prompt: sent,
          style,
          width: size.width,
          height: size.height,
          model: 'nano',
          updateRecordId,
          count: images,
          ...fields,
        });
      }
      const form = new FormData();
      form.append('prompt', sent);
      form.append('style', style);
      form.append('count', String(images));
      for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
      if (updateRecordId) form.append('updateRecordId', updateRecordId);
      if (sourceRecordId) form.append('sourceRecordId', sourceRecordId);
      for (const u of files) form.append('images', u.file, u.name);
      return api.edit(form);
    };
    run(send, formSeed);
  }

  /** The last run's settings again, with new seeds (no seed: the server draws one per image). */
  function moreLikeThis() {
    const send = lastRun.current;
    if (send) run((seed) => send(seed), undefined);
  }

  function reuseSeed(seed: number) {
    setAdvanced((a) => ({ ...a, seed: String(seed) }));
    setAdvancedOpen(true);
    toast.success(t`Seed ${seed} is set for the next run.`);
  }

  const result = generation.result;

  return (
    <Page wide title={<Trans>AI workbench</Trans>} subtitle={<Trans>Describe it, pick a style, and watch it appear.</Trans>}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,440px)_1fr]">
        <section className="card flex flex-col gap-5 p-5">
          <div role="tablist" aria-label={t`Mode`} className="grid grid-cols-2 gap-1 rounded-xl bg-ink-900 p-1">
            {MODE_TABS.map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={mode === value}
                onClick={() => void navigate({ to: '/ai-workbench', search: (s) => ({ ...s, mode: value }) })}
                className={`rounded-lg px-3 py-2 text-sm font-medium ${mode === value ? 'bg-white/10' : 'text-zinc-400 hover:text-white'}`}
              >
                {label}
              </button>
            ))}
          </div>

          {mode === 'image-to-image' && (
            <div>
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                className={`flex w-full cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed p-6 text-center text-sm transition ${dragging ? 'border-fuchsia-400 bg-fuchsia-500/10' : 'border-white/15 hover:border-white/30'}`}
              >
                <Upload aria-hidden className="h-7 w-7 text-zinc-400" strokeWidth={1.75} />
                <span>
                  <Trans>Drop images here or click to upload</Trans>
                </span>
                <span className="text-xs text-zinc-500">
                  <Trans>PNG, JPG or WebP, up to 10 MB · {MAX_IMAGES - uploads.length} slots left</Trans>
                </span>
              </button>
              <input
                ref={fileInput}
                type="file"
                accept={TYPES.join(',')}
                multiple
                hidden
                data-testid="upload-input"
                onChange={(e) => e.target.files && addFiles(e.target.files)}
              />
              {uploads.length > 0 && (
                <ul className="mt-3 grid grid-cols-5 gap-2">
                  {uploads.map((u) => (
                    <li key={u.id} className="relative">
                      <img src={u.preview} alt={u.name} className="aspect-square w-full rounded-lg object-cover" />
                      <button
                        type="button"
                        aria-label={t`Remove ${u.name}`}
                        onClick={() => setUploads((list) => list.filter((x) => x.id !== u.id))}
                        className="absolute -right-1.5 -top-1.5 grid h-6 w-6 place-items-center rounded-full bg-black/85 ring-1 ring-white/20 hover:bg-rose-600"
                      >
                        <X aria-hidden className="h-3.5 w-3.5" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                {QUICK_STYLES.map((q) => (
                  <button
                    key={q.suffix}
                    type="button"
                    onClick={() => chooseStyle(q.id, q)}
                    className="rounded-full border border-white/10 px-3 py-1 text-xs hover:bg-white/5"
                  >
                    {i18n._(q.label)}
                  </button>
                ))}
              </div>
            </div>
          )}

          {mode === 'text-to-image' && (
            <fieldset className="flex min-w-0 flex-wrap gap-2" aria-label={t`Inspiration`}>
              {INSPIRATION.map((tag) => (
                <button
                  key={tag.prompt.id ?? tag.prompt.message}
                  type="button"
                  onClick={() => {
                    setPrompt(i18n._(tag.prompt));
                    setAppended(undefined);
                  }}
                  className="rounded-full border border-white/10 px-3 py-1 text-xs text-zinc-300 hover:bg-white/5"
                >
                  {i18n._(tag.label)}
                </button>
              ))}
            </fieldset>
          )}

          <label className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-zinc-300">
              {mode === 'text-to-image' ? <Trans>Prompt</Trans> : <Trans>Describe the effect you want</Trans>}
            </span>
            <textarea
              value={prompt}
              onChange={(e) => setPrompt(e.target.value)}
              rows={5}
              maxLength={PROMPT_MAX + 100}
              aria-invalid={promptLimit.kind === 'too-long'}
              aria-describedby="workbench-prompt-limit"
              placeholder={
                mode === 'text-to-image'
                  ? t`A lighthouse on a cliff at sunset, waves crashing below…`
                  : t`Make it look like a vintage photo…`
              }
              className="resize-y rounded-xl border border-white/10 bg-ink-900 p-3 text-sm outline-none focus:border-violet-400"
            />
            <TextLimitNote id="workbench-prompt-limit" state={promptLimit} max={PROMPT_MAX} />
          </label>

          <fieldset>
            <legend className="mb-2 text-sm font-medium text-zinc-300">
              <Trans>Style</Trans>
            </legend>
            <div className="flex flex-wrap gap-2">
              {STYLE_OPTIONS.map((s) => (
                <button
                  key={s.id}
                  type="button"
                  aria-pressed={style === s.id}
                  onClick={() => chooseStyle(s.id, s)}
                  className={`rounded-lg border px-3 py-1.5 text-sm ${style === s.id ? 'border-fuchsia-400 bg-fuchsia-500/15' : 'border-white/10 hover:bg-white/5'}`}
                >
                  {i18n._(s.label)}
                </button>
              ))}
            </div>
          </fieldset>

          {mode === 'text-to-image' && (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-zinc-300">
                <Trans>Size</Trans>
              </legend>
              <div className="grid grid-cols-5 gap-2">
                {SIZE_OPTIONS.map((s) => (
                  <button
                    key={s.ratio}
                    type="button"
                    aria-pressed={size.ratio === s.ratio}
                    title={`${s.width}×${s.height}`}
                    onClick={() => setSize(s)}
                    className={`rounded-lg border px-2 py-1.5 text-xs ${size.ratio === s.ratio ? 'border-fuchsia-400 bg-fuchsia-500/15' : 'border-white/10 hover:bg-white/5'}`}
                  >
                    {s.ratio}
                  </button>
                ))}
              </div>
            </fieldset>
          )}

          <AdvancedOptions
            mode={mode}
            value={advanced}
            onChange={setAdvanced}
            honoured={honoured}
            isExpanded={advancedOpen}
            onExpandedChange={setAdvancedOpen}
          />

          <fieldset>
            <legend className="mb-2 text-sm font-medium text-zinc-300">
              <Trans>Number of images</Trans>
            </legend>
            <div className="grid grid-cols-4 gap-2" data-testid="image-count">
              {COUNTS.map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-pressed={count === n}
                  onClick={() => setCount(n)}
                  className={`rounded-lg border px-2 py-1.5 text-sm ${count === n ? 'border-fuchsia-400 bg-fuchsia-500/15' : 'border-white/10 hover:bg-white/5'}`}
                >
                  {n}
                </button>
              ))}
            </div>
          </fieldset>

          <div className="flex items-center justify-between text-sm text-zinc-400" data-testid="run-price">
            <span>
              <Trans>
                {count} × {cost} credits
              </Trans>
            </span>
            <span className="text-amber-200">
              <Trans>Cost: {count * cost} credits</Trans>
            </span>
          </div>

          <Button
            isDisabled={!canStart}
            onPress={() => startGeneration(search.updateRecordId)}
            className="w-full py-3"
            aria-describedby={blocker ? 'workbench-start-blocker' : undefined}
          >
            {generation.queue ? (
              <Trans>Waiting…</Trans>
            ) : generating ? (
              <Trans>Generating… {Math.round(generation.progress)}%</Trans>
            ) : (
              <Trans>Start generating</Trans>
            )}
          </Button>
          {blocker && (
            <p id="workbench-start-blocker" data-testid="start-blocker" className="-mt-3 text-center text-xs text-zinc-400">
              {blocker}
            </p>
          )}
        </section>

        <section ref={resultSection} className="card flex min-h-[420px] scroll-mt-20 items-center justify-center p-5" aria-live="polite">
          {batchIds && (
            <BatchGrid statuses={batch.statuses} prompt={prompt} onReuseSeed={reuseSeed} onMoreLikeThis={moreLikeThis} busy={generating} />
          )}
          {!batchIds && generation.phase === 'generating' && (
            <div className="w-full max-w-sm text-center">
              <div className="relative mb-5">
                <div className="skeleton mx-auto aspect-square w-full rounded-2xl" />
                <div className="absolute inset-x-4 top-1/2 flex -translate-y-1/2 flex-col gap-2">
                  {generation.queue && <QueuePlaceNote place={generation.queue} />}
                  <JobWaitNote slow={generation.slow} reconnecting={generation.reconnecting} />
                </div>
              </div>
              {!generation.queue && (
                <>
                  <div
                    className="h-2 overflow-hidden rounded-full bg-white/10"
                    role="progressbar"
                    aria-valuenow={Math.round(generation.progress)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                  >
                    <div
                      className="h-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-all"
                      style={{ width: `${generation.progress}%` }}
                    />
                  </div>
                  <p className="mt-2 text-sm text-zinc-400">{Math.round(generation.progress)}%</p>
                </>
              )}
            </div>
          )}
          {!batchIds && generation.phase === 'done' && result?.imageUrl && (
            <figure className="w-full">
              <img
                src={result.imageUrl}
                alt={prompt}
                className="mx-auto max-h-[640px] rounded-2xl object-contain"
                data-testid="result-image"
              />
              <figcaption className="mt-4 flex flex-col items-center gap-3">
                <ResultFacts status={result} />
                <ResultActions
                  status={result}
                  onReuseSeed={reuseSeed}
                  onMoreLikeThis={moreLikeThis}
                  onRegenerate={() => startGeneration(result.recordId)}
                  busy={generating}
                />
              </figcaption>
            </figure>
          )}
          {!batchIds && generation.phase === 'idle' && generation.failure && <FailureNote failure={generation.failure} />}
          {!batchIds && generation.phase === 'idle' && !generation.failure && (
            <div className="text-center text-zinc-500">
              <ImagePlus aria-hidden className="mx-auto h-12 w-12 text-fuchsia-300/70" strokeWidth={1.5} />
              <p className="mt-3">
                <Trans>Your image will appear here.</Trans>
              </p>
            </div>
          )}
        </section>
      </div>
    </Page>
  );
}

export const Route = createFileRoute('/ai-workbench')({
  validateSearch: searchParams({
    mode: oneOf(['text-to-image', 'image-to-image'] as const),
    prompt: text(5000),
    updateRecordId: text(64),
    imageUrls: text(5000),
    /** The creation the preloaded image came from (Re-edit, "Use as input"): the edit is linked to it. */
    sourceRecordId: text(64),
  }),
  component: Workbench,
});
