import { useQuery } from '@tanstack/react-query';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Dices, Eraser, Eye, ScanFace, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import {
  FACE_SWAP_CATEGORIES,
  FACE_SWAP_TEXT_MAX,
  cleanSelection,
  compileFaceSwapDescription,
  stripFaceSwapPrefix,
  faceSwapOption,
  faceSwapOptionsIn,
  offlineOptionKeys,
  type FaceSwapMode,
  type FaceSwapSelection,
} from '@worker/contract/face-swap';
import { UPLOAD, uploadTypes } from '@worker/contract/uploads';
import { Button } from '../../ui/button';
import { Page } from '../../ui/page';
import { QueuePlaceNote } from '../../ui/queue-place';
import { useToast } from '../../ui/toast';
import { useLoginModal } from '../auth/login-modal';
import { downloadPng } from '../upscaler/download-png';
import { useGeneration } from '../workbench/use-generation';
import { faceSwapApi } from '../../api/face-swap';
import { ApiError } from '../../api/client';
import { queries } from '../../api/queries';
import { CATEGORY_LABEL, EXAMPLE_PROMPTS, OPTION_LABEL, PREFIX_SHOWN } from './labels';
import { JobWaitNote } from '../../ui/queue-wait-note';
import { FailureNote } from '../workbench/failure-note';
import { checkTextLimit } from '../workbench/text-limit';
import { TextLimitNote } from '../workbench/text-limit-note';
import { OptionSelect } from './option-select';
import { AppliedOptions } from './applied-options';
import { PromptPreviewModal, ResultPreviewModal } from './preview-modals';

const TYPES = uploadTypes(false);
const MAX_BYTES = UPLOAD.maxBytes;
const TAB =
  'flex-1 cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-semibold text-zinc-400 outline-none transition hover:text-white data-[selected]:bg-white/10 data-[selected]:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-violet-400';
const CATEGORY_TAB =
  'shrink-0 cursor-pointer rounded-full border border-white/10 px-3 py-1.5 text-xs font-semibold text-zinc-400 outline-none transition hover:text-white data-[selected]:border-fuchsia-400/60 data-[selected]:bg-fuchsia-500/10 data-[selected]:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-violet-400';
/** Options Random picks from: the ones that change an avatar most, so a random result reads as one. */
const RANDOM_KEYS = [
  'gender',
  'age',
  'expression',
  'hair_style',
  'hair_color',
  'eye_color',
  'head_accessories',
  'background',
  'light_style',
  'post_processing_style',
];
/** Spec §5 fixes this name (the other tools save under their name and the day, lib/download-name.ts). */
const DOWNLOAD_NAME = 'face-swap-result.png';

type Mode = 'text' | 'image';
const modeOf = (mode: Mode): FaceSwapMode => (mode === 'text' ? 'generate' : 'edit');
const pick = <T,>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/**
 * Face swap / avatar builder (spec §2, §5): text or image mode, a description with Random
 * and Clear all, the option catalogue in four category tabs, a Preview of the compiled prompt that
 * may be edited, Generate with percent progress, the result with Preview and Download.
 */
export function FaceSwapPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const toast = useToast();
  const login = useLoginModal();
  // A refusal of the description stays under the description box until the text or options change.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalText = useCallback((error: unknown) => {
    const text = faceSwapRefusal(error);
    setRefusal(text);
    return text;
  }, []);
  const generation = useGeneration({ startErrorText: refusalText });
  const [mode, setMode] = useState<Mode>('text');
  const [text, setText] = useState('');
  const [selection, setSelection] = useState<FaceSwapSelection>({});
  const [edited, setEdited] = useState<string | null>(null);
  const [editedFrom, setEditedFrom] = useState('');
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string>();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [resultOpen, setResultOpen] = useState(false);
  const [usedPrompt, setUsedPrompt] = useState('');
  // Gemini draws the prompt where it is configured; otherwise the offline engine runs (and says what it does).
  const models = useQuery(queries.models());
  const model: 'gemini' | 'nano' | null = models.isPending ? null : models.data?.models.gemini?.available ? 'gemini' : 'nano';
  const input = useRef<HTMLInputElement>(null);
  const resultSection = useRef<HTMLElement>(null);
  const navigate = useNavigate();

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refusal was about this text, these options and this mode
  useEffect(() => setRefusal(null), [text, selection, mode]);
  useEffect(() => {
    if (generation.phase !== 'idle') resultSection.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [generation.phase]);

  const chosen = cleanSelection(selection);
  const chosenCount = Object.keys(chosen).length;
  const compiled = compileFaceSwapDescription(text, chosen);
  // An edit in the Preview modal holds until the text or the options change under it.
  const stale = edited !== null && editedFrom !== compiled;
  const description = edited ?? compiled;
  const offline = model === 'nano';
  const applied = useMemo(() => offlineOptionKeys(modeOf(mode)), [mode]);
  const busy = generation.phase === 'generating';
  const textLimit = checkTextLimit(text, { max: FACE_SWAP_TEXT_MAX });
  const tooLong = textLimit.kind === 'too-long';
  const textMax = new Intl.NumberFormat(i18n.locale).format(FACE_SWAP_TEXT_MAX);
  // The prefix in the reader's language: the model is sent the contract's English one.
  const prefixShown = i18n._(PREFIX_SHOWN[modeOf(mode)]);

  function choose(files: FileList | null) {
    if (!files?.length) return;
    if (files.length > 1) return toast.error(t`Please select one image`);
    const f = files[0]!;
    if (!TYPES.includes(f.type)) return toast.error(t`Only JPG, PNG, WebP formats are supported`);
    if (f.size > MAX_BYTES) return toast.error(t`Image size cannot exceed 10MB`);
    if (preview) URL.revokeObjectURL(preview);
    setFile(f);
    setPreview(URL.createObjectURL(f));
    setError(undefined);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  }

  function setOption(key: string, value: string | undefined) {
    setSelection((s) => ({ ...s, [key]: value }));
    setError(undefined);
  }

  function randomise() {
    const next: FaceSwapSelection = {};
    for (const key of RANDOM_KEYS) {
      if (key === 'head_accessories' && Math.random() < 0.5) continue;
      const values = faceSwapOption(key)!.values.filter((v) => v.value !== 'child');
      next[key] = pick(values).value;
    }
    setSelection(next);
    setText(i18n._(pick(EXAMPLE_PROMPTS)));
    setEdited(null);
    setError(undefined);
  }

  function clearAll() {
    setSelection({});
    setText('');
    setEdited(null);
    setError(undefined);
  }

  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  /** Spec §5: image mode needs the photo first, then (both modes) a description or an option; sign-in. */
  function generate(override?: string | null) {
    if (busy) return;
    const approved = override !== undefined ? override : edited;
    if (mode === 'image' && !file) return fail(t`Please upload an image first`);
    if (!text.trim() && chosenCount === 0 && !approved) return fail(t`Enter a description or choose at least one option`);
    if (tooLong) return fail(t`The description can be at most ${FACE_SWAP_TEXT_MAX} characters`);
    setError(undefined);
    const body = approved ?? compiled;
    setUsedPrompt(`${prefixShown}\n\n${stripFaceSwapPrefix(body)}`);
    const fields = { extra: text.trim(), options: chosen, model: model ?? 'nano', style: 'realistic' };
    login.requireSignIn(
      () =>
        void generation.start(() =>
          mode === 'text'
            ? faceSwapApi.generate({ ...fields, prompt: body, width: 1024, height: 1024 })
            : faceSwapApi.edit({ ...fields, prompt: approved ?? undefined }, file!),
        ),
    );
  }

  function download() {
    const url = generation.result?.imageUrl;
    if (!url) return;
    void downloadPng(url, DOWNLOAD_NAME).then(
      () => toast.success(t`Download started`),
      () => toast.error(t`Download failed`),
    );
  }

  const result = generation.result;
  return (
    <Page wide>
      <Link to="/ai-workbench" className="inline-flex items-center gap-1.5 text-sm text-zinc-400 hover:text-white">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        <Trans>Back to workbench</Trans>
      </Link>
      <div className="mt-3 flex items-center gap-3">
        <span className="grid h-11 w-11 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/25 to-fuchsia-500/25 text-fuchsia-200 ring-1 ring-white/10">
          <ScanFace aria-hidden className="h-6 w-6" />
        </span>
        <h1 className="text-2xl font-bold sm:text-3xl">
          <Trans>Avatar builder</Trans>
        </h1>
      </div>
      <p className="mt-2 text-zinc-400">
        <Trans>Describe a look or pick it option by option; keep your own face in image mode.</Trans>
      </p>
      {model && <EngineNote offline={offline} mode={mode} />}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,520px)_1fr]">
        <section className="card flex min-w-0 flex-col gap-5 p-4 sm:p-5">
          <Tabs
            selectedKey={mode}
            onSelectionChange={(key) => {
              setMode(key as Mode);
              setError(undefined);
            }}
          >
            <TabList aria-label={t`Mode`} className="flex gap-1 rounded-xl border border-white/10 bg-ink-900 p-1">
              <Tab id="text" className={TAB}>
                <Trans>Text to image</Trans>
              </Tab>
              <Tab id="image" className={TAB}>
                <Trans>Image to image</Trans>
              </Tab>
            </TabList>
            <TabPanel id="text" className="outline-none" />
            <TabPanel id="image" className="mt-4 outline-none">
              <button
                type="button"
                onClick={() => input.current?.click()}
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={drop}
                className={`flex w-full flex-col items-center gap-2 rounded-xl border-2 border-dashed p-4 text-sm transition ${dragging ? 'border-fuchsia-400 bg-fuchsia-500/10' : 'border-white/15 hover:border-white/30'}`}
              >
                {preview ? (
                  <>
                    <img src={preview} alt={t`Your upload`} data-testid="upload-preview" className="max-h-48 rounded-lg" />
                    <span className="text-xs text-zinc-400">
                      <Trans>Click or drop to change the photo</Trans>
                    </span>
                  </>
                ) : (
                  <>
                    <Upload aria-hidden className="h-7 w-7 text-zinc-400" strokeWidth={1.75} />
                    <Trans>Upload a portrait (PNG, JPG or WebP, up to 10 MB)</Trans>
                  </>
                )}
              </button>
              <input
                ref={input}
                type="file"
                accept={TYPES.join(',')}
                hidden
                data-testid="face-swap-upload"
                onChange={(e) => choose(e.target.files)}
              />
            </TabPanel>
          </Tabs>

          <div className="flex flex-col gap-1.5">
            <div className="flex items-center justify-between gap-2">
              <label htmlFor="face-swap-text" className="text-sm font-medium text-zinc-300">
                <Trans>Describe the look</Trans>
              </label>
              <div className="flex gap-1">
                <Button variant="ghost" className="px-2.5 py-1.5" onPress={randomise} isDisabled={busy}>
                  <Dices aria-hidden className="h-4 w-4" />
                  <Trans>Random</Trans>
                </Button>
                <Button variant="ghost" className="px-2.5 py-1.5" onPress={clearAll} isDisabled={busy}>
                  <Eraser aria-hidden className="h-4 w-4" />
                  <Trans>Clear all</Trans>
                </Button>
              </div>
            </div>
            <textarea
              id="face-swap-text"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
              rows={3}
              placeholder={t`e.g. A friendly portrait for my profile page`}
              aria-invalid={tooLong}
              aria-describedby="face-swap-text-limit"
              className={`rounded-xl border bg-ink-900 p-3 text-sm outline-none focus:border-violet-400 ${tooLong ? 'border-rose-400' : 'border-white/10'}`}
            />
            <TextLimitNote id="face-swap-text-limit" state={textLimit} max={FACE_SWAP_TEXT_MAX} />
            {refusal && (
              <p role="alert" data-testid="description-refusal" className="text-sm text-amber-200">
                {refusal}
              </p>
            )}
          </div>

          <Tabs defaultSelectedKey="role">
            <TabList aria-label={t`Option categories`} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
              {FACE_SWAP_CATEGORIES.map((category) => {
                const count = faceSwapOptionsIn(category).filter((o) => chosen[o.key]).length;
                return (
                  <Tab key={category} id={category} className={CATEGORY_TAB}>
                    {i18n._(CATEGORY_LABEL[category])}
                    {count > 0 && (
                      <span className="ml-1.5 rounded-full bg-fuchsia-500/30 px-1.5 text-[10px] text-fuchsia-100">{count}</span>
                    )}
                  </Tab>
                );
              })}
            </TabList>
            {FACE_SWAP_CATEGORIES.map((category) => (
              <TabPanel key={category} id={category} className="mt-3 grid grid-cols-1 gap-3 outline-none min-[420px]:grid-cols-2">
                {faceSwapOptionsIn(category).map((option) => (
                  <OptionSelect
                    key={option.key}
                    option={option}
                    label={i18n._(OPTION_LABEL[option.key]!)}
                    value={chosen[option.key]}
                    onChange={(value) => setOption(option.key, value)}
                    applied={offline && applied.has(option.key)}
                    isDisabled={busy}
                  />
                ))}
              </TabPanel>
            ))}
          </Tabs>
          {offline && (
            <p className="-mt-2 flex items-center gap-1.5 text-xs text-zinc-500">
              <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-emerald-400" />
              <Trans>Marked options change your picture; the others are kept in the prompt only.</Trans>
            </p>
          )}

          {edited !== null && (
            <div role="status" className="rounded-xl border border-amber-400/30 bg-amber-500/10 p-3 text-xs text-amber-100">
              {stale ? (
                <Trans>You edited the prompt; later changes to the text or options are not in it.</Trans>
              ) : (
                <Trans>You are generating with your edited prompt.</Trans>
              )}{' '}
              <button type="button" className="font-semibold underline underline-offset-2" onClick={() => setEdited(null)}>
                <Trans>Use my options again</Trans>
              </button>
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-rose-300">
              {error}
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              variant="secondary"
              onPress={() => setPreviewOpen(true)}
              isDisabled={busy || !description}
              className="whitespace-nowrap sm:flex-none"
            >
              <Eye aria-hidden className="h-4 w-4" />
              <Trans>Preview prompt</Trans>
            </Button>
            <Button
              onPress={() => generate()}
              isDisabled={busy || tooLong}
              className="py-3 sm:flex-1"
              aria-describedby={tooLong ? 'face-swap-generate-blocker' : undefined}
            >
              {generation.queue ? (
                <Trans>Waiting…</Trans>
              ) : busy ? (
                <Trans>Generating… {Math.round(generation.progress)}%</Trans>
              ) : (
                <Trans>Generate</Trans>
              )}
            </Button>
          </div>
          {tooLong && !busy && (
            <p id="face-swap-generate-blocker" data-testid="start-blocker" className="text-center text-xs text-zinc-400">
              <Trans>Shorten the description to {textMax} characters or fewer to generate.</Trans>
            </p>
          )}
          <p className="text-xs text-zinc-500">
            {chosenCount === 1 ? <Trans>1 option chosen</Trans> : <Trans>{chosenCount} options chosen</Trans>}
          </p>
        </section>

        <section ref={resultSection} className="card flex min-h-[360px] scroll-mt-20 items-center justify-center p-5" aria-live="polite">
          {busy && (
            // Over the placeholder, not below it: on a phone the panel is scrolled to, and its lower part may be off screen.
            <div className="relative w-full max-w-sm">
              <div className="skeleton aspect-square w-full rounded-2xl" />
              <div className="absolute inset-x-4 top-1/2 flex -translate-y-1/2 flex-col gap-2">
                {generation.queue && <QueuePlaceNote place={generation.queue} />}
                <JobWaitNote slow={generation.slow} reconnecting={generation.reconnecting} />
              </div>
            </div>
          )}
          {generation.phase === 'done' && result?.imageUrl && (
            <figure>
              <img src={result.imageUrl} alt={t`Your avatar`} className="mx-auto max-h-[560px] rounded-2xl" data-testid="result-image" />
              {/* What the server says about the result (e.g. which options changed the picture), in the page's language. */}
              {result.message && (
                <p data-testid="result-message" className="mx-auto mt-3 max-w-md text-center text-sm text-zinc-400">
                  {result.message}
                </p>
              )}
              {/* `appliedOptions` is newer than this build's contract type: read as unknown until it lands there. */}
              <AppliedOptions applied={(result as { appliedOptions?: unknown }).appliedOptions} />
              <figcaption className="mt-4 flex flex-wrap justify-center gap-2">
                <Button variant="secondary" onPress={() => setResultOpen(true)}>
                  <Eye aria-hidden className="h-4 w-4" />
                  <Trans>Preview</Trans>
                </Button>
                <Button onPress={download}>
                  <Trans>Download</Trans>
                </Button>
                <Button
                  variant="secondary"
                  onPress={() => void navigate({ to: '/image-upscaler', search: { imageUrl: result.imageUrl! } })}
                >
                  <Trans>Upscale</Trans>
                </Button>
              </figcaption>
            </figure>
          )}
          {generation.phase === 'idle' && generation.failure && <FailureNote failure={generation.failure} />}
          {generation.phase === 'idle' && !generation.failure && (
            <p className="max-w-sm text-center text-zinc-500">
              {mode === 'image' ? (
                <Trans>Upload a portrait, choose what to change and press Generate.</Trans>
              ) : (
                <Trans>Describe a person or choose options and press Generate.</Trans>
              )}
            </p>
          )}
        </section>
      </div>

      <PromptPreviewModal
        isOpen={previewOpen}
        onClose={() => setPreviewOpen(false)}
        prefix={prefixShown}
        compiled={compiled}
        edited={edited}
        busy={busy}
        onSave={(value) => {
          setEdited(value);
          setEditedFrom(compiled);
        }}
        onGenerate={(value) => {
          setEdited(value);
          setEditedFrom(compiled);
          generate(value);
        }}
      />
      <ResultPreviewModal
        imageUrl={resultOpen ? (result?.imageUrl ?? null) : null}
        prompt={usedPrompt}
        onClose={() => setResultOpen(false)}
        onDownload={download}
      />
    </Page>
  );
}

/**
 * The server's own sentence when it refuses the description (field `extra`): without an AI model it
 * says which looks it can apply, in the reader's language. A validator's fragment ("must be at most
 * …", lower case) is left to the shared wording, which names the field instead.
 */
function faceSwapRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED' || error.field !== 'extra') return null;
  return /^[a-z]/.test(error.message) ? null : error.message;
}

/** Says honestly what runs on this server: Gemini, or the offline engine and what it does. */
function EngineNote({ offline, mode }: { offline: boolean; mode: Mode }) {
  return (
    <div data-testid="engine-note" className="mt-4 rounded-xl border border-white/10 bg-white/[0.03] p-3 text-sm text-zinc-300">
      {!offline ? (
        <Trans>
          An AI image model (Gemini) draws your result from the prompt, told to keep the person's identity, likeness and facial structure.
        </Trans>
      ) : mode === 'image' ? (
        <Trans>
          Your photo is edited by our built-in photo engine, on your real face: hair, eye and beard colour, glasses, hats and other head
          accessories, the background, light, colour and effects change in the picture. Age, expression, hairstyle, nationality, clothing
          and camera settings are kept in the prompt but do not change this picture.
        </Trans>
      ) : (
        <Trans>
          Text mode draws an illustrated avatar (not a photograph) from your options with our built-in engine. Your own words and options
          such as nationality or camera settings are kept in the prompt but do not change the drawing.
        </Trans>
      )}
    </div>
  );
}
