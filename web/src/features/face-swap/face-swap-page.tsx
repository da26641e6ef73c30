import { useQuery } from '@tanstack/react-query';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Dices, Eraser, Eye, ScanFace, Upload } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import {
  FACE_SWAP_CATEGORIES,
  FACE_SWAP_PREFIX,
  FACE_SWAP_TEXT_MAX,
  cleanSelection,
  compileFaceSwapDescription,
  compileFaceSwapPrompt,
  faceSwapOption,
  faceSwapOptionsIn,
  offlineOptionKeys,
  type FaceSwapMode,
  type FaceSwapSelection,
} from '../../../../worker/contract/face-swap';
import { UPLOAD, uploadTypes } from '../../../../worker/contract/uploads';
import { Button } from '../../ui/button';
import { Page } from '../../ui/page';
import { QueuePlaceNote } from '../../ui/queue-place';
import { useToast } from '../../ui/toast';
import { useLoginModal } from '../auth/login-modal';
import { downloadPng } from '../upscaler/download-png';
import { useGeneration } from '../workbench/use-generation';
import { faceSwapApi } from '../../api/face-swap';
import { queries } from '../../api/queries';
import { CATEGORY_LABEL, EXAMPLE_PROMPTS, OPTION_LABEL } from './labels';
import { OptionSelect } from './option-select';
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
const DOWNLOAD_NAME = 'face-swap-result.png';

type Mode = 'text' | 'image';
const modeOf = (mode: Mode): FaceSwapMode => (mode === 'text' ? 'generate' : 'edit');
const pick = <T,>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/**
 * Face swap / avatar builder (spec §2, §5; issue 15): text or image mode, a description with Random
 * and Clear all, the option catalogue in four category tabs, a Preview of the compiled prompt that
 * may be edited, Generate with percent progress, the result with Preview and Download.
 */
export function FaceSwapPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const toast = useToast();
  const login = useLoginModal();
  const generation = useGeneration();
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
    if (text.length > FACE_SWAP_TEXT_MAX) return fail(t`The description can be at most ${FACE_SWAP_TEXT_MAX} characters`);
    setError(undefined);
    const body = approved ?? compiled;
    setUsedPrompt(compileFaceSwapPrompt(modeOf(mode), body));
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
              className={`rounded-xl border bg-ink-900 p-3 text-sm outline-none focus:border-violet-400 ${text.length > FACE_SWAP_TEXT_MAX ? 'border-rose-400' : 'border-white/10'}`}
            />
            <span className={`self-end text-xs ${text.length > FACE_SWAP_TEXT_MAX ? 'text-rose-300' : 'text-zinc-500'}`}>
              {text.length} / {FACE_SWAP_TEXT_MAX}
            </span>
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
              <Trans>Marked options change the picture on this server; the others are written into the prompt only.</Trans>
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
            <Button onPress={() => generate()} isDisabled={busy} className="py-3 sm:flex-1">
              {generation.queue ? (
                <Trans>Waiting…</Trans>
              ) : busy ? (
                <Trans>Generating… {Math.round(generation.progress)}%</Trans>
              ) : (
                <Trans>Generate</Trans>
              )}
            </Button>
          </div>
          <p className="text-xs text-zinc-500">
            {chosenCount === 1 ? <Trans>1 option chosen</Trans> : <Trans>{chosenCount} options chosen</Trans>}
          </p>
        </section>

        <section ref={resultSection} className="card flex min-h-[360px] scroll-mt-20 items-center justify-center p-5" aria-live="polite">
          {busy && (
            // Over the placeholder, not below it: on a phone the panel is scrolled to, and its lower part may be off screen.
            <div className="relative w-full max-w-sm">
              <div className="skeleton aspect-square w-full rounded-2xl" />
              {generation.queue && <QueuePlaceNote place={generation.queue} className="absolute inset-x-4 top-1/2 -translate-y-1/2" />}
            </div>
          )}
          {generation.phase === 'done' && result?.imageUrl && (
            <figure>
              <img src={result.imageUrl} alt={t`Your avatar`} className="mx-auto max-h-[560px] rounded-2xl" data-testid="result-image" />
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
          {generation.phase === 'idle' && (
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
        prefix={FACE_SWAP_PREFIX[modeOf(mode)]}
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

/** Says honestly what runs on this server (issue 15): Gemini, or the offline engine and what it does. */
function EngineNote({ offline, mode }: { offline: boolean; mode: Mode }) {
  return (
    <div data-testid="engine-note" className="mt-4 rounded-xl border border-white/10 bg-white/[0.03] p-3 text-sm text-zinc-300">
      {!offline ? (
        <Trans>
          An AI image model (Gemini) draws your result from the prompt, told to keep the person's identity, likeness and facial structure.
        </Trans>
      ) : mode === 'image' ? (
        <Trans>
          No AI image model is configured on this server, so your photo is edited offline: hair, eye and beard colour, glasses, hats and
          other head accessories, the background, light, colour and effects are applied to your real face. Age, expression, hairstyle,
          nationality, clothing and camera settings are only written into the prompt for an AI model.
        </Trans>
      ) : (
        <Trans>
          No AI image model is configured on this server, so text mode draws an illustrated avatar (not a photograph) from your options.
          Your own words and options such as nationality or camera settings are only written into the prompt for an AI model.
        </Trans>
      )}
    </div>
  );
}
