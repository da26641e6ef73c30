import { Trans, useLingui } from '@lingui/react/macro';
import { Eye } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { FACE_SWAP_TEXT_MAX } from '@worker/contract/face-swap';
import { Button } from '@web/ui/button';
import { Page } from '@web/ui/page';
import { Tabs } from '@web/ui/tabs';
import { ImageDropzone } from '@web/features/image-job/image-dropzone';
import { RunCost, useImageCost } from '@web/features/image-job/run-cost';
import { JobButtonLabel, JobResultPanel } from '@web/features/image-job/job-result-panel';
import { DescriptionField, EditedPromptNote, FaceSwapHeading, FaceSwapResult, OptionTabs } from './face-swap-parts';
import { FACE_SWAP_TYPES, type Mode, modeOf, useFaceSwap } from './use-face-swap';
import { IgnoredOptions } from './applied-options';

const TAB =
  'flex-1 cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-semibold text-zinc-400 outline-none transition hover:text-white data-[selected]:bg-white/10 data-[selected]:text-white focus-visible:ring-2 focus-visible:ring-violet-400';

type FaceSwap = ReturnType<typeof useFaceSwap>;

/**
 * The two previews open on a click, never with the page: their dialogs (react-aria's modal, focus
 * scope and text field) are a chunk of their own, fetched when the page first renders them (closed),
 * so the route downloads less before it can show the form and a click finds them ready.
 */
const loadPreviews = () => import('./preview-modals');
const PromptPreviewModal = lazy(() => loadPreviews().then((m) => ({ default: m.PromptPreviewModal })));
const ResultPreviewModal = lazy(() => loadPreviews().then((m) => ({ default: m.ResultPreviewModal })));

/** Text or image mode; image mode's panel holds the portrait's drop zone. */
function ModeTabs({ form }: { form: FaceSwap }) {
  const { t } = useLingui();
  return (
    <Tabs<Mode>
      label={t`Mode`}
      items={[
        { id: 'text', label: <Trans>Text to image</Trans> },
        { id: 'image', label: <Trans>Image to image</Trans> },
      ]}
      selectedKey={form.mode}
      onSelectionChange={(key) => {
        form.setMode(key);
        form.setError(undefined);
      }}
      listClassName="flex gap-1 rounded-xl border border-white/10 bg-ink-900 p-1"
      tabClassName={TAB}
      panelClassName="mt-4 outline-none"
      panel={(key) =>
        key === 'image' ? (
          <ImageDropzone
            preview={form.photo.preview}
            onFiles={form.photo.choose}
            accept={FACE_SWAP_TYPES.join(',')}
            inputTestId="face-swap-upload"
            previewTestId="upload-preview"
            padding="p-4"
            previewHeight="max-h-48"
            prompt={<Trans>Upload a portrait (PNG, JPG or WebP, up to 10 MB)</Trans>}
          />
        ) : null
      }
    />
  );
}

/** The form side: mode, description, options, the edited-prompt note, Preview prompt and Generate. */
function FaceSwapForm({ form, onPreview }: { form: FaceSwap; onPreview: () => void }) {
  const { i18n } = useLingui();
  const { prompt, busy, tooLong, chosenCount } = form;
  const offline = form.model === 'nano';
  const textMax = new Intl.NumberFormat(i18n.locale).format(FACE_SWAP_TEXT_MAX);
  const cost = useImageCost();
  return (
    <section className="card flex min-w-0 flex-col gap-5 p-4 sm:p-5">
      <ModeTabs form={form} />
      <DescriptionField
        text={prompt.text}
        onText={(value) => {
          prompt.setText(value);
          form.setError(undefined);
        }}
        limit={form.textLimit}
        refusal={form.refusal}
        busy={busy}
        onRandom={prompt.randomise}
        onClear={prompt.clearAll}
      />
      <OptionTabs chosen={prompt.chosen} onOption={prompt.setOption} offline={offline} applied={form.applied} busy={busy} />
      {offline && (
        <p className="-mt-2 flex items-center gap-1.5 text-xs text-zinc-500">
          <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-emerald-400" />
          <Trans>Marked options change your picture; the others are kept in the prompt only.</Trans>
        </p>
      )}
      {offline && <IgnoredOptions chosen={prompt.chosen} mode={modeOf(form.mode)} />}
      {prompt.edited !== null && <EditedPromptNote stale={prompt.stale} onDrop={() => prompt.setEdited(null)} />}
      {form.error && (
        <p role="alert" className="text-sm text-rose-300">
          {form.error}
        </p>
      )}
      <RunCost cost={cost} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          onPress={onPreview}
          isDisabled={busy || !(prompt.edited ?? prompt.compiled)}
          className="whitespace-nowrap sm:flex-none"
        >
          <Eye aria-hidden className="h-4 w-4" />
          <Trans>Preview prompt</Trans>
        </Button>
        <Button
          onPress={() => form.generate()}
          isDisabled={busy || tooLong}
          className="py-3 sm:flex-1"
          aria-describedby={tooLong ? 'face-swap-generate-blocker' : undefined}
        >
          <JobButtonLabel job={form.generation} busy={busy} />
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
  );
}

/**
 * Face swap / avatar builder (spec §2, §5): text or image mode, a description with Random
 * and Clear all, the option catalogue in four category tabs, a Preview of the compiled prompt that
 * may be edited, Generate with percent progress, the result with Preview and Download.
 */
export function FaceSwapPage() {
  const form = useFaceSwap();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [resultOpen, setResultOpen] = useState(false);
  const { generation, prompt } = form;
  const result = generation.result;
  return (
    <Page wide>
      <FaceSwapHeading />
      {form.model && <EngineNote offline={form.model === 'nano'} mode={form.mode} />}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,520px)_1fr]">
        <FaceSwapForm form={form} onPreview={() => setPreviewOpen(true)} />
        <JobResultPanel
          job={generation}
          className="card flex min-h-[360px] scroll-mt-20 items-center justify-center p-5"
          result={(done) => <FaceSwapResult result={done} onPreview={() => setResultOpen(true)} onDownload={form.download} />}
          idle={
            <p className="max-w-sm text-center text-zinc-500">
              {form.mode === 'image' ? (
                <Trans>Upload a portrait, choose what to change and press Generate.</Trans>
              ) : (
                <Trans>Describe a person or choose options and press Generate.</Trans>
              )}
            </p>
          }
        />
      </div>

      <Suspense fallback={null}>
        <PromptPreviewModal
          isOpen={previewOpen}
          onClose={() => setPreviewOpen(false)}
          prefix={form.prefixShown}
          compiled={prompt.compiled}
          edited={prompt.edited}
          busy={form.busy}
          onSave={prompt.keepEdit}
          onGenerate={(value) => {
            prompt.keepEdit(value);
            form.generate(value);
          }}
        />
        <ResultPreviewModal
          imageUrl={resultOpen ? (result?.imageUrl ?? null) : null}
          prompt={form.usedPrompt}
          onClose={() => setResultOpen(false)}
          onDownload={form.download}
        />
      </Suspense>
    </Page>
  );
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
