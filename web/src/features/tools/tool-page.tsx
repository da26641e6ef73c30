import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { compileToolPrompt, type ToolComponent } from '@worker/contract/tools';
import { api } from '@web/api/endpoints';
import { fetchFile } from '@web/api/files';
import { Button } from '@web/ui/button';
import { formatInteger } from '@web/ui/format';
import { ColorPicker } from '@web/ui/color-picker';
import { Page } from '@web/ui/page';
import { useToast } from '@web/ui/toast';
import { useUploadFormats } from '@web/ui/upload-formats';
import { useLoginModal } from '@web/features/auth/login-modal';
import { ImageDropzone, useSingleImage } from '@web/features/image-job/image-dropzone';
import { JobButtonLabel, JobResultPanel } from '@web/features/image-job/job-result-panel';
import { RunCost, useImageCost } from '@web/features/image-job/run-cost';
import { useGeneration } from '@web/features/workbench/use-generation';
import { checkTextLimit, type TextLimitState } from '@web/features/workbench/text-limit';
import { charactersMissing, cjkMinimum } from '@worker/contract/brief-length';
import type { Tool } from './catalogue';
import { ToolIcon } from './tool-icons';
import { ToolNotes } from './tool-notes';
import { ToolResult } from './tool-result';
import { ToolSizeCards } from './tool-sizes';

type Component<T extends ToolComponent['type']> = Extract<ToolComponent, { type: T }>;
const componentOf = <T extends ToolComponent['type']>(tool: Tool, type: T) =>
  tool.components.find((c): c is Component<T> => c.type === type);

/** Back to the workbench (the other tools one link away), the tool's icon, name and description. */
function ToolHeading({ tool, title }: { tool: Tool; title: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  return (
    <>
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
    </>
  );
}

/** A photo handed over by another page arrives as a URL of the user's own file: it is fetched into the drop zone. */
function useHandedOverPhoto(imageUrl: string | undefined, enabled: boolean, use: (file: File) => void) {
  const { t } = useLingui();
  const toast = useToast();
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once per URL; `use` is a new function each render
  useEffect(() => {
    if (!imageUrl || !enabled) return;
    let cancelled = false;
    fetchFile(imageUrl).then(
      (blob) => {
        if (cancelled) return;
        use(new File([blob], `source.${blob.type.split('/')[1] ?? 'png'}`, { type: blob.type }));
      },
      () => !cancelled && toast.error(t`Upload failed`),
    );
    return () => {
      cancelled = true;
    };
  }, [imageUrl, enabled, t, toast]);
}

/**
 * The notes' length against the catalogue's rule (worker/contract/tools.ts, checked as the server
 * checks it), and why Generate is disabled, said under it. The photo is not a blocker: pressing
 * Generate without one says so.
 */
function useToolBlocker(tool: Tool, extra: string, colourValid: boolean) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const notes = componentOf(tool, 'promptInput');
  const isLogo = tool.id === 'logo-generation';
  // The logo's minimum is counted per script, as the server counts it: 山嵐 (two characters) is a brand.
  const missing = notes && isLogo ? charactersMissing(extra, notes.minLength) : 0;
  const counted = notes
    ? checkTextLimit(extra, { min: isLogo ? 0 : notes.minLength, max: notes.maxLength, required: notes.required })
    : ({ kind: 'ok', length: 0 } as const);
  const notesLimit: TextLimitState =
    counted.kind === 'ok' && missing > 0 ? { kind: 'too-short', length: counted.length, missing } : counted;
  const notesMin = isLogo && /\p{Script=Han}/u.test(extra) ? cjkMinimum(notes?.minLength ?? 0) : (notes?.minLength ?? 0);
  const notesMax = formatInteger(notes?.maxLength ?? 0, i18n.locale);
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
  return { notesLimit, notesMin, blocker };
}

/** The tool's inputs and its run: checks, sign-in, and the request (JSON for a text tool, a form with the photo otherwise). */
function useToolForm(tool: Tool, imageUrl?: string, sourceRecordId?: string) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const toast = useToast();
  const login = useLoginModal();
  const generation = useGeneration();
  const upload = componentOf(tool, 'imageUpload');
  const sizes = componentOf(tool, 'parameterSelector');
  const colours = componentOf(tool, 'colorPicker');
  const [extra, setExtra] = useState('');
  const [size, setSize] = useState<string>(sizes?.default ?? '');
  const [colour, setColour] = useState<string>(colours?.default ?? '#ffffff');
  const [colourValid, setColourValid] = useState(true);
  const [error, setError] = useState<string>();
  // Accept, hint and refusal from the one list of formats (GIF only where the tool takes it).
  const formats = useUploadFormats(upload?.acceptsGif ?? false);
  const photo = useSingleImage({ types: formats.types, unsupported: formats.unsupported, onChosen: () => setError(undefined) });
  useHandedOverPhoto(imageUrl, Boolean(upload), photo.use);
  const { notesLimit, notesMin, blocker } = useToolBlocker(tool, extra, colourValid);
  const title = i18n._(tool.title);
  const file = photo.file;

  function generate() {
    const text = extra.trim();
    if (blocker) return setError(blocker);
    if (upload && !file) {
      setError(t`${title} requires an image`);
      return toast.error(t`${title} requires an image`);
    }
    // Offline, the request could not leave: refused here, before any spinner or charge.
    if (!navigator.onLine) {
      setError(t`You are offline. Connect to the internet, then press Generate again.`);
      return toast.error(t`You are offline. Connect to the internet, then press Generate again.`);
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

  return {
    ...{ generation, upload, sizes, colours, formats, photo, title, notesLimit, notesMin, blocker, error, generate },
    ...{ extra, setExtra, size, setSize, colour, setColour, setColourValid, setError },
  };
}

/**
 * A single-purpose tool page (spec §2 generic tool page), drawn from the server's catalogue: the
 * tool's inputs in order — photo, size cards, background colour, notes — and one Generate. The
 * server validates the inputs and compiles the prompt; the page sends the same compile for older servers.
 * `imageUrl` preloads the photo (an image from the workbench's "Use as input"); `sourceRecordId`
 * names the creation it came from, so the result is linked to it.
 */
export function ToolPage({ tool, imageUrl, sourceRecordId }: { tool: Tool; imageUrl?: string; sourceRecordId?: string }) {
  const { t } = useLingui();
  const form = useToolForm(tool, imageUrl, sourceRecordId);
  const { generation, upload, sizes, colours, notesLimit, blocker } = form;
  const notes = componentOf(tool, 'promptInput');
  const busy = generation.phase === 'generating';
  const cost = useImageCost();
  return (
    <Page wide>
      <ToolHeading tool={tool} title={form.title} />
      {/* grid-cols-1 (minmax(0, 1fr)): on a narrow phone the form shrinks to the screen instead of overflowing it. */}
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,440px)_1fr]">
        <section className="card flex min-w-0 flex-col gap-5 p-5">
          {upload && (
            <div>
              <ImageDropzone
                preview={form.photo.preview}
                onFiles={form.photo.choose}
                accept={form.formats.accept}
                inputTestId="tool-upload"
                prompt={
                  <>
                    <Trans>Upload a photo</Trans>
                    <span className="text-xs text-zinc-500">{form.formats.hint}</span>
                  </>
                }
              />
            </div>
          )}
          {sizes && <ToolSizeCards options={sizes.options} value={form.size} onChange={form.setSize} isDisabled={busy} />}
          {colours && (
            <ColorPicker
              label={t`Background colour`}
              value={form.colour}
              onChange={form.setColour}
              onValidityChange={form.setColourValid}
              quickPresets={colours.quickPresets}
              presets={colours.presets}
              defaultValue={colours.default}
            />
          )}
          {notes && (
            <ToolNotes
              notes={{ ...notes, minLength: form.notesMin }}
              isLogo={tool.id === 'logo-generation'}
              value={form.extra}
              limit={notesLimit}
              onType={(value) => {
                form.setExtra(value);
                form.setError(undefined);
              }}
              onSuggest={form.setExtra}
            />
          )}
          {form.error && (
            <p role="alert" className="text-sm text-rose-300">
              {form.error}
            </p>
          )}
          <RunCost cost={cost} />
          <Button
            isDisabled={busy || blocker !== null}
            onPress={form.generate}
            className="w-full py-3"
            aria-describedby={blocker ? 'tool-generate-blocker' : undefined}
          >
            <JobButtonLabel job={generation} busy={busy} />
          </Button>
          {blocker && !busy && (
            <p id="tool-generate-blocker" data-testid="start-blocker" className="-mt-3 text-center text-xs text-zinc-400">
              {blocker}
            </p>
          )}
        </section>
        <ToolOutput tool={tool} form={form} />
      </div>
    </Page>
  );
}

/** The result beside the form: the job's progress, its result, or what to do first. */
function ToolOutput({ tool, form }: { tool: Tool; form: ReturnType<typeof useToolForm> }) {
  return (
    <JobResultPanel
      job={form.generation}
      className="card flex min-h-[360px] scroll-mt-20 items-center justify-center p-5"
      result={(result) => <ToolResult tool={tool} title={form.title} result={result} onRegenerate={form.generate} />}
      idle={
        <p className="text-center text-zinc-500">
          {form.upload ? (
            <Trans>Upload a photo and press Generate: your result will appear here.</Trans>
          ) : (
            <Trans>Your result will appear here.</Trans>
          )}
        </p>
      }
    />
  );
}
