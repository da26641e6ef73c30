import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Dices, Eraser, Eye, ScanFace } from 'lucide-react';
import { useState } from 'react';
import {
  FACE_SWAP_CATEGORIES,
  FACE_SWAP_TEXT_MAX,
  type FaceSwapCategory,
  faceSwapOptionsIn,
  type FaceSwapSelection,
} from '@worker/contract/face-swap';
import type { GenerationStatus } from '@web/api/types';
import { Button } from '@web/ui/button';
import { Tabs } from '@web/ui/tabs';
import type { TextLimitState } from '@web/features/workbench/text-limit';
import { TextLimitNote } from '@web/features/workbench/text-limit-note';
import { AppliedOptions } from './applied-options';
import { CATEGORY_LABEL, OPTION_LABEL } from './labels';
import { OptionSelect } from './option-select';

const CATEGORY_TAB =
  'shrink-0 cursor-pointer rounded-full border border-white/10 px-3 py-1.5 text-xs font-semibold text-zinc-400 outline-none transition hover:text-white data-[selected]:border-fuchsia-400/60 data-[selected]:bg-fuchsia-500/10 data-[selected]:text-white focus-visible:ring-2 focus-visible:ring-violet-400';

/** Back to the workbench, the page's icon, title and one line on what it does. */
export function FaceSwapHeading() {
  return (
    <>
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
    </>
  );
}

/** The description box with Random and Clear all, its length note, and the server's refusal of it. */
export function DescriptionField({
  text,
  onText,
  limit,
  refusal,
  busy,
  onRandom,
  onClear,
}: {
  text: string;
  onText: (text: string) => void;
  limit: TextLimitState;
  refusal: string | null;
  busy: boolean;
  onRandom: () => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const tooLong = limit.kind === 'too-long';
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor="face-swap-text" className="text-sm font-medium text-zinc-300">
          <Trans>Describe the look</Trans>
        </label>
        <div className="flex gap-1">
          <Button variant="ghost" className="px-2.5 py-1.5" onPress={onRandom} isDisabled={busy}>
            <Dices aria-hidden className="h-4 w-4" />
            <Trans>Random</Trans>
          </Button>
          <Button variant="ghost" className="px-2.5 py-1.5" onPress={onClear} isDisabled={busy}>
            <Eraser aria-hidden className="h-4 w-4" />
            <Trans>Clear all</Trans>
          </Button>
        </div>
      </div>
      <textarea
        id="face-swap-text"
        value={text}
        onChange={(e) => onText(e.target.value)}
        rows={3}
        placeholder={t`e.g. A friendly portrait for my profile page`}
        aria-invalid={tooLong}
        aria-describedby="face-swap-text-limit"
        className={`rounded-xl border bg-ink-900 p-3 text-sm outline-none focus:border-violet-400 ${tooLong ? 'border-rose-400' : 'border-white/10'}`}
      />
      <TextLimitNote id="face-swap-text-limit" state={limit} max={FACE_SWAP_TEXT_MAX} />
      {refusal && (
        <p role="alert" data-testid="description-refusal" className="text-sm text-amber-200">
          {refusal}
        </p>
      )}
    </div>
  );
}

/** The option catalogue in its category tabs, each tab counting its chosen options; offline, the applied ones are marked. */
export function OptionTabs({
  chosen,
  onOption,
  offline,
  applied,
  busy,
}: {
  chosen: FaceSwapSelection;
  onOption: (key: string, value: string | undefined) => void;
  offline: boolean;
  applied: ReadonlySet<string>;
  busy: boolean;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const [category, setCategory] = useState<FaceSwapCategory>('role');
  return (
    <Tabs
      label={t`Option categories`}
      items={FACE_SWAP_CATEGORIES.map((id) => {
        const count = faceSwapOptionsIn(id).filter((o) => chosen[o.key]).length;
        return {
          id,
          label: (
            <>
              {i18n._(CATEGORY_LABEL[id])}
              {count > 0 && <span className="ml-1.5 rounded-full bg-fuchsia-500/30 px-1.5 text-[10px] text-fuchsia-100">{count}</span>}
            </>
          ),
        };
      })}
      selectedKey={category}
      onSelectionChange={setCategory}
      listClassName="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
      tabClassName={CATEGORY_TAB}
      panelClassName="mt-3 grid grid-cols-1 gap-3 outline-none min-[420px]:grid-cols-2"
      panel={(shown) =>
        faceSwapOptionsIn(shown).map((option) => (
          <OptionSelect
            key={option.key}
            option={option}
            label={i18n._(OPTION_LABEL[option.key]!)}
            value={chosen[option.key]}
            onChange={(value) => onOption(option.key, value)}
            applied={offline && applied.has(option.key)}
            isDisabled={busy}
          />
        ))
      }
    />
  );
}

/** Says the run uses the prompt edited in Preview (and whether later changes are left out), with the way back. */
export function EditedPromptNote({ stale, onDrop }: { stale: boolean; onDrop: () => void }) {
  return (
    <div role="status" className="rounded-xl border border-amber-400/30 bg-amber-500/10 p-3 text-xs text-amber-100">
      {stale ? (
        <Trans>You edited the prompt; later changes to the text or options are not in it.</Trans>
      ) : (
        <Trans>You are generating with your edited prompt.</Trans>
      )}{' '}
      <button type="button" className="font-semibold underline underline-offset-2" onClick={onDrop}>
        <Trans>Use my options again</Trans>
      </button>
    </div>
  );
}

/** The finished avatar, what the server says about it, and Preview, Download and Upscale. */
export function FaceSwapResult({
  result,
  onPreview,
  onDownload,
}: {
  result: GenerationStatus & { imageUrl: string };
  onPreview: () => void;
  onDownload: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
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
        <Button variant="secondary" onPress={onPreview}>
          <Eye aria-hidden className="h-4 w-4" />
          <Trans>Preview</Trans>
        </Button>
        <Button onPress={onDownload}>
          <Trans>Download</Trans>
        </Button>
        <Button variant="secondary" onPress={() => void navigate({ to: '/image-upscaler', search: { imageUrl: result.imageUrl } })}>
          <Trans>Upscale</Trans>
        </Button>
      </figcaption>
    </figure>
  );
}
