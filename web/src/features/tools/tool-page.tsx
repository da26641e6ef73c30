import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ArrowLeft, Upload } from 'lucide-react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { UPLOAD } from '@worker/contract/uploads';
import { useUploadFormats } from '../../ui/upload-formats';
import { compileToolPrompt, ID_PHOTO_DPI, ID_PHOTO_SIZES, type IdPhotoSize, type ToolComponent } from '@worker/contract/tools';
import { api } from '../../api/endpoints';
import { fetchFile } from '../../api/files';
import { Button } from '../../ui/button';
import { ColorPicker } from '../../ui/color-picker';
import { downloadImage } from '../../ui/download';
import { downloadName } from '../../lib/download-name';
import { JobWaitNote } from '../../ui/queue-wait-note';
import { Page } from '../../ui/page';
import { QueuePlaceNote } from '../../ui/queue-place';
import { useToast } from '../../ui/toast';
import { useLoginModal } from '../auth/login-modal';
import { FailureNote } from '../workbench/failure-note';
import { useGeneration } from '../workbench/use-generation';
import { checkTextLimit } from '../workbench/text-limit';
import { TextLimitNote } from '../workbench/text-limit-note';
import type { Tool } from './catalogue';
import { ToolIcon } from './tool-icons';

const MAX_BYTES = UPLOAD.maxBytes;

type Component<T extends ToolComponent['type']> = Extract<ToolComponent, { type: T }>;
const componentOf = <T extends ToolComponent['type']>(tool: Tool, type: T) =>
  tool.components.find((c): c is Component<T> => c.type === type);

/** What a tool's downloads are called (id-photo-2026-11-28.png): the tool's short name where its id is long. */
const DOWNLOAD_STEM: Partial<Record<Tool['id'], string>> = {
  'id-photo-generation': 'id-photo',
  'logo-generation': 'logo',
  'restored-image': 'restored-photo',
};

/**
 * A single-purpose tool page (spec §2 generic tool page), drawn from the server's catalogue: the
 * tool's inputs in order — photo, size cards, background colour, notes — and one Generate. The
 * server validates the inputs and compiles the prompt; the page sends the same compile for older servers.
 */
/**
 * `imageUrl` preloads the photo (an image from the workbench's "Use as input"); `sourceRecordId`
 * names the creation it came from, so the result is linked to it.
 */
export function ToolPage({ tool, imageUrl, sourceRecordId }: { tool: Tool; imageUrl?: string; sourceRecordId?: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const toast = useToast();
  const login = useLoginModal();
  const generation = useGeneration();
  const navigate = useNavigate();
  const upload = componentOf(tool, 'imageUpload');
  const notes = componentOf(tool, 'promptInput');
  const sizes = componentOf(tool, 'parameterSelector');
  const colours = componentOf(tool, 'colorPicker');
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const [extra, setExtra] = useState('');
  const [size, setSize] = useState<string>(sizes?.default ?? '');
  const [colour, setColour] = useState<string>(colours?.default ?? '#ffffff');
  const [colourValid, setColourValid] = useState(true);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const resultSection = useRef<HTMLElement>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // On a phone the result sits below the form: bring it into view when it starts and when it is ready.
  useEffect(() => {
    if (generation.phase !== 'idle') resultSection.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [generation.phase]);
  const title = i18n._(tool.title);
  // Accept, hint and refusal from the one list of formats (GIF only where the tool takes it).
  const formats = useUploadFormats(upload?.acceptsGif ?? false);

  // A photo handed over by another page arrives as a URL of the user's own file.
  useEffect(() => {
    if (!imageUrl || !upload) return;
    let cancelled = false;
    fetchFile(imageUrl).then(
      (blob) => {
        if (cancelled) return;
        const f = new File([blob], `source.${blob.type.split('/')[1] ?? 'png'}`, { type: blob.type });
        setFile(f);
        setPreview(URL.createObjectURL(f));
      },
      () => !cancelled && toast.error(t`Upload failed`),
    );
    return () => {
      cancelled = true;
    };
  }, [imageUrl, upload, t, toast]);

  function choose(files: FileList | null) {
    if (!files?.length) return;
    if (files.length > 1) return toast.error(t`Please select one image`);
    const f = files[0]!;
    if (!formats.types.includes(f.type)) return toast.error(formats.unsupported);
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

  // The catalogue's rule for the notes (worker/contract/tools.ts), checked as the server checks it.
  const notesLimit = notes
    ? checkTextLimit(extra, { min: notes.minLength, max: notes.maxLength, required: notes.required })
    : ({ kind: 'ok', length: 0 } as const);
  const isLogo = tool.id === 'logo-generation';
  const notesMin = notes?.minLength ?? 0;
  const notesMax = new Intl.NumberFormat(i18n.locale).format(notes?.maxLength ?? 0);
  // Why Generate is disabled, said under it. The photo is not a blocker: pressing Generate without one says so.
  const blocker =
    notesLimit.kind === 'too-long'
      ? t`Shorten the text to ${notesMax} characters or fewer to generate.`
      : notesLimit.kind === 'too-short' || notesLimit.kind === 'empty'
        ? isLogo
          ? t`Describe your logo in at least ${notesMin} characters to generate.`
          : t`Write at least ${notesMin} characters to generate.`
        : !colourValid
          ? t`Enter a background colour like #FFFFFF to generate.`
          : null;

  function generate() {
    const text = extra.trim();
    if (blocker) {
      setError(blocker);
      return;
    }
    if (upload && !file) {
      setError(t`${title} requires an image`);
      return toast.error(t`${title} requires an image`);
    }
    setError(undefined);
    const inputs = { extra: text || undefined, size: sizes ? size : undefined, backgroundColor: colours ? colour : undefined };
    const prompt = compileToolPrompt(tool, inputs);
    login.requireSignIn(
      () =>
        void generation.start(() => {
          if (tool.input === 'text')
            return api.generate({ prompt, extra: text, style: tool.style, width: 1024, height: 1024, model: tool.model, toolId: tool.id });
          const form = new FormData();
          form.append('prompt', prompt);
          form.append('style', tool.style);
          form.append('toolId', tool.id);
          form.append('model', tool.model);
          for (const [key, value] of Object.entries(inputs)) if (value) form.append(key, value);
          form.append('images', file!, file!.name);
          // Still the handed-over photo (not one chosen since): the result is linked to its creation.
          if (sourceRecordId && imageUrl && file?.name.startsWith('source.')) form.append('sourceRecordId', sourceRecordId);
          return api.edit(form);
        }),
    );
  }

  // Suggestion chips in the page's language: the words go into the user's own description, joined
  // the way that language lists words (a full-width comma in Chinese).
  const joiner = i18n.locale.startsWith('zh') ? '，' : ', ';
  const suggestion: Record<string, string> = { business: t`business`, creative: t`creative`, minimal: t`minimal`, tech: t`tech` };
  const printNote = (printed: string) => {
    const dpi = ID_PHOTO_DPI;
    return t`prints ${printed} cm (${dpi} dpi)`;
  };
  const sizeName: Record<IdPhotoSize, string> = { oneInch: t`1 inch`, twoInch: t`2 inch`, passport: t`Passport`, visa: t`Visa` };
  const result = generation.result;
  const busy = generation.phase === 'generating';
  return (
    <Page wide>
      {/* Spec §2 generic tool page: back to the workbench; the other tools are one link away. */}
      <nav aria-label={t`Breadcrumb`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link to="/ai-workbench" className="inline-flex items-center gap-1.5 text-zinc-300 hover:text-white">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          <Trans>Back to workbench</Trans>
        </Link>
        <Link to="/ai-tools-workbench" className="text-fuchsia-300 hover:underline">
          <Trans>All AI tools</Trans>
        </Link>
      </nav>
      <div className="mt-3 flex items-center gap-3">
        <span className="grid h-11 w-11 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/25 to-fuchsia-500/25 text-fuchsia-200 ring-1 ring-white/10">
          <ToolIcon id={tool.id} />
        </span>
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      </div>
      <p className="mt-2 text-zinc-400">{i18n._(tool.description)}</p>
      {/* grid-cols-1 (minmax(0, 1fr)): on a narrow phone the form shrinks to the screen instead of overflowing it. */}
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,440px)_1fr]">
        <section className="card flex min-w-0 flex-col gap-5 p-5">
          {upload && (
            <div>
              <button
                type="button"
                onClick={() => input.current?.click()}
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={drop}
                className={`flex w-full flex-col items-center gap-2 rounded-xl border-2 border-dashed p-5 text-sm transition ${dragging ? 'border-fuchsia-400 bg-fuchsia-500/10' : 'border-white/15 hover:border-white/30'}`}
              >
                {preview ? (
                  <>
                    <img src={preview} alt={t`Your upload`} className="max-h-56 rounded-lg" />
                    <span className="text-xs text-zinc-400">
                      <Trans>Click or drop to change the photo</Trans>
                    </span>
                  </>
                ) : (
                  <>
                    <Upload aria-hidden className="h-7 w-7 text-zinc-400" strokeWidth={1.75} />
                    <Trans>Upload a photo</Trans>
                    <span className="text-xs text-zinc-500">{formats.hint}</span>
                  </>
                )}
              </button>
              <input
                ref={input}
                type="file"
                accept={formats.accept}
                hidden
                data-testid="tool-upload"
                onChange={(e) => choose(e.target.files)}
              />
            </div>
          )}
          {sizes && (
            <RadioGroup value={size} onChange={setSize} className="flex flex-col gap-2" isDisabled={busy}>
              <Label className="text-sm font-medium text-zinc-300">
                <Trans>Size</Trans>
              </Label>
              <div className="grid grid-cols-2 gap-2">
                {sizes.options.map((option) => {
                  const preset = ID_PHOTO_SIZES[option as IdPhotoSize];
                  return (
                    <Radio
                      key={option}
                      value={option}
                      className={({ isSelected, isFocusVisible }) =>
                        `flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 transition ${isSelected ? 'border-fuchsia-400 bg-fuchsia-500/10' : 'border-white/10 hover:bg-white/5'} ${isFocusVisible ? 'ring-2 ring-violet-400' : ''}`
                      }
                    >
                      <span aria-hidden className="grid h-9 w-9 shrink-0 place-items-center">
                        <span
                          className="block rounded-[3px] border border-zinc-300/70 bg-white/10"
                          style={{ width: (preset.width / preset.height) * 28, height: 28 }}
                        />
                      </span>
                      <span className="flex flex-col text-sm leading-tight">
                        <span className="font-semibold">{sizeName[option as IdPhotoSize]}</span>
                        <span className="text-xs text-zinc-400">{preset.cm} cm</span>
                        {/* What the file measures when printed, which may be smaller than the document size above. */}
                        <span className="text-xs text-zinc-500">
                          {preset.width}×{preset.height} px
                        </span>
                        <span className="text-xs text-zinc-500">{printNote(preset.printCm)}</span>
                      </span>
                    </Radio>
                  );
                })}
              </div>
            </RadioGroup>
          )}
          {colours && (
            <ColorPicker
              label={t`Background colour`}
              value={colour}
              onChange={setColour}
              onValidityChange={setColourValid}
              quickPresets={colours.quickPresets}
              presets={colours.presets}
              defaultValue={colours.default}
            />
          )}
          {notes && (
            <label className="flex flex-col gap-1.5 text-sm">
              {isLogo ? <Trans>Describe your logo</Trans> : <Trans>Extra wishes (optional)</Trans>}
              <textarea
                value={extra}
                onChange={(e) => {
                  setExtra(e.target.value);
                  setError(undefined);
                }}
                rows={3}
                aria-invalid={notesLimit.kind === 'too-long' || notesLimit.kind === 'too-short'}
                aria-describedby="tool-notes-limit"
                className={`rounded-xl border bg-ink-900 p-3 outline-none focus:border-violet-400 ${notesLimit.kind === 'too-long' ? 'border-rose-400' : 'border-white/10'}`}
              />
              <TextLimitNote id="tool-notes-limit" state={notesLimit} min={notesMin} max={notes.maxLength} />
            </label>
          )}
          {notes?.suggestions && (
            <div className="flex flex-wrap gap-2">
              {notes.suggestions.map((s) => {
                const word = suggestion[s] ?? s;
                return (
                  <button
                    key={s}
                    type="button"
                    onClick={() => setExtra((v) => (v ? `${v}${joiner}${word}` : word))}
                    className="rounded-full border border-white/10 px-3 py-1 text-xs capitalize hover:bg-white/5"
                  >
                    {word}
                  </button>
                );
              })}
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-rose-300">
              {error}
            </p>
          )}
          <Button
            isDisabled={busy || blocker !== null}
            onPress={generate}
            className="w-full py-3"
            aria-describedby={blocker ? 'tool-generate-blocker' : undefined}
          >
            {generation.queue ? (
              <Trans>Waiting…</Trans>
            ) : busy ? (
              <Trans>Generating… {Math.round(generation.progress)}%</Trans>
            ) : (
              <Trans>Generate</Trans>
            )}
          </Button>
          {blocker && !busy && (
            <p id="tool-generate-blocker" data-testid="start-blocker" className="-mt-3 text-center text-xs text-zinc-400">
              {blocker}
            </p>
          )}
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
              <img
                src={result.imageUrl}
                alt={t`${title} result`}
                className="mx-auto max-h-[560px] rounded-2xl"
                data-testid="result-image"
              />
              <figcaption className="mt-4 flex flex-wrap justify-center gap-2">
                <Button
                  variant="secondary"
                  onPress={() =>
                    void downloadImage(result.imageUrl!, downloadName(DOWNLOAD_STEM[tool.id] ?? tool.id)).then(
                      () => toast.success(t`Download started`),
                      () => toast.error(t`Download failed`),
                    )
                  }
                >
                  <Trans>Download</Trans>
                </Button>
                {result.svgUrl && (
                  <Button
                    variant="secondary"
                    onPress={() =>
                      void downloadImage(result.svgUrl!, downloadName('logo', { extension: 'svg' })).then(
                        () => toast.success(t`Download started`),
                        () => toast.error(t`Download failed`),
                      )
                    }
                  >
                    <Trans>Download SVG</Trans>
                  </Button>
                )}
                <Button variant="secondary" onPress={generate}>
                  <Trans>Regenerate</Trans>
                </Button>
                <Button
                  variant="secondary"
                  onPress={() =>
                    void navigate({ to: '/image-upscaler', search: { imageUrl: result.imageUrl!, sourceRecordId: result.recordId } })
                  }
                >
                  <Trans>Upscale</Trans>
                </Button>
              </figcaption>
            </figure>
          )}
          {generation.phase === 'idle' && generation.failure && <FailureNote failure={generation.failure} />}
          {generation.phase === 'idle' && !generation.failure && (
            <p className="text-center text-zinc-500">
              {upload ? (
                <Trans>Upload a photo and press Generate: your result will appear here.</Trans>
              ) : (
                <Trans>Your result will appear here.</Trans>
              )}
            </p>
          )}
        </section>
      </div>
    </Page>
  );
}
